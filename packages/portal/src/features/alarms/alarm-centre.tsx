import type { Alarm } from '@cgm-portal/api-client';
import { Alert, Badge, Box, Button, CloseButton, Drawer, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { formatTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { BellIcon } from '@cgm-portal/ui';
import { useSession } from '../../session/session-context';
import { glucoseText } from '../glucose/glucose-format';
import { TREND_ARROWS, trendArrow, type Trend } from '../glucose/latest-glucose';
import { isActive, isRinging } from './alarm-model';
import { useAlarmCentre } from './alarm-centre-context';
import { useAlarmAction } from './alarm-queries';

const TRENDS = new Set<string>(Object.keys(TREND_ARROWS));
const KIND_PALETTE: Record<Alarm['kind'], string> = { urgentLow: 'red', low: 'orange', high: 'yellow', urgentHigh: 'orange', noData: 'gray' };

/** The header's alarm count (spec §3 store "alarm count"): active alarms; opens the alarm centre. */
export function AlarmBell() {
  const { t } = useTranslation();
  const { activeCount, setOpen, tone, unavailable } = useAlarmCentre();
  const label = t('liveAlerts.alarms.countLabel', { count: activeCount });
  if (unavailable) return null;
  return (
    <Button
      variant={activeCount > 0 ? 'subtle' : 'ghost'}
      colorPalette={activeCount > 0 ? 'red' : 'gray'}
      size="sm"
      px="2"
      onClick={() => setOpen(true)}
      aria-label={label}
      title={label}
      data-testid="alarm-count"
      data-count={activeCount}
      data-ringing={tone !== null}
    >
      <BellIcon boxSize="4" />
      <Text as="span" fontSize="sm" fontWeight="semibold" aria-hidden>
        {activeCount}
      </Text>
    </Button>
  );
}

function AlarmCard({ alarm, now }: { alarm: Alarm; now: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { api, memberSettings } = useSession();
  const action = useAlarmAction();
  const zone = memberSettings.timeZone;
  const time = (ms: number) => formatTime(ms, { zone, lang: language });
  const active = isActive(alarm);
  const snoozed = active && !isRinging(alarm, now);
  const trend = TRENDS.has(alarm.trend) ? (alarm.trend as Trend) : 'unknown';
  const busy = action.isPending;
  const kind = t(`liveAlerts.alarms.kinds.${alarm.kind}`);
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderInlineStartWidth="4px"
      borderInlineStartColor={active ? `${KIND_PALETTE[alarm.kind]}.500` : 'border'}
      borderRadius="md"
      p="3"
      data-testid="alarm-item"
      data-kind={alarm.kind}
      data-state={active ? (snoozed ? 'snoozed' : 'ringing') : 'acknowledged'}
      aria-label={`${kind} · ${alarm.memberName}`}
    >
      <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Stack gap="0">
          <HStack gap="2">
            <Badge colorPalette={KIND_PALETTE[alarm.kind]} variant={active ? 'solid' : 'subtle'}>
              {kind}
            </Badge>
            <Text fontWeight="semibold">{alarm.memberName}</Text>
          </HStack>
          {alarm.glucose !== null && (
            <Text fontSize="2xl" fontWeight="bold" data-testid="alarm-glucose">
              {glucoseText(alarm.glucose, memberSettings.unit, language)}{' '}
              <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                {memberSettings.unit}
              </Text>{' '}
              {trendArrow(trend) && (
                <Text as="span" aria-hidden>
                  {trendArrow(trend)}
                </Text>
              )}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {alarm.glucose !== null && `${t(`home.trends.${trend}`)} · `}
            {t('liveAlerts.alarms.since', { time: time(alarm.raisedAt) })}
          </Text>
          {alarm.acknowledgedAt && (
            <Text fontSize="sm" data-testid="alarm-acknowledged-by">
              {t('liveAlerts.alarms.acknowledgedBy', { name: alarm.acknowledgedBy ?? t('common.unknown'), time: time(alarm.acknowledgedAt) })}
            </Text>
          )}
          {snoozed && alarm.snoozedUntil && (
            <Text fontSize="sm" data-testid="alarm-snoozed-until">
              {t('liveAlerts.alarms.snoozedUntil', { time: time(alarm.snoozedUntil) })}
            </Text>
          )}
        </Stack>
      </HStack>
      {active && (
        <HStack gap="2" mt="3" wrap="wrap">
          <Button size="sm" colorPalette="red" loading={busy} onClick={() => action.mutate({ api, alarm, action: { kind: 'acknowledge' } })}>
            {t('liveAlerts.alarms.acknowledge')}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => action.mutate({ api, alarm, action: { kind: 'snooze', minutes: 30 } })}>
            {t('liveAlerts.alarms.snooze30')}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => action.mutate({ api, alarm, action: { kind: 'snooze', minutes: 60 } })}>
            {t('liveAlerts.alarms.snooze60')}
          </Button>
        </HStack>
      )}
    </Box>
  );
}

/** The sound's state and controls: blocked by the browser, playing (mutable), muted. */
function SoundControls() {
  const { t } = useTranslation();
  const { tone, soundBlocked, unlockSound, mute, muted } = useAlarmCentre();
  if (soundBlocked) {
    return (
      <Alert.Root status="warning" data-testid="alarm-sound-blocked">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('liveAlerts.alarms.soundBlocked')}</Alert.Title>
        <Button size="xs" onClick={() => void unlockSound()}>
          {t('liveAlerts.alarms.turnSoundOn')}
        </Button>
      </Alert.Root>
    );
  }
  if (tone) {
    return (
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={mute} data-testid="alarm-mute">
        {t('liveAlerts.alarms.mute')}
      </Button>
    );
  }
  return muted ? (
    <Text fontSize="sm" color="fg.muted" data-testid="alarm-muted">
      {t('liveAlerts.alarms.muted')}
    </Text>
  ) : null;
}

/** The alarm centre: every alarm of this recipient, with Acknowledge and Snooze 30 min / 1 h. */
export function AlarmCentreDrawer({ onOpenNotificationSettings }: { onOpenNotificationSettings?: () => void }) {
  const { t } = useTranslation();
  const { alarms, open, setOpen, isLoading } = useAlarmCentre();
  const now = Date.now();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="alarm-centre">
            <Drawer.Header>
              <Drawer.Title>{t('liveAlerts.alarms.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                <SoundControls />
                {isLoading ? (
                  <Text color="fg.muted">{t('common.loading')}</Text>
                ) : alarms.length === 0 ? (
                  <Text color="fg.muted" data-testid="alarm-centre-empty">
                    {t('liveAlerts.alarms.none')}
                  </Text>
                ) : (
                  <Stack as="ul" gap="3" aria-label={t('liveAlerts.alarms.title')}>
                    {alarms.map((alarm) => (
                      <AlarmCard key={alarm.id} alarm={alarm} now={now} />
                    ))}
                  </Stack>
                )}
              </Stack>
            </Drawer.Body>
            {onOpenNotificationSettings && (
              <Drawer.Footer justifyContent="flex-start">
                <Button
                  variant="plain"
                  size="sm"
                  onClick={() => {
                    setOpen(false);
                    onOpenNotificationSettings();
                  }}
                >
                  {t('liveAlerts.notifications.title')}
                </Button>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

