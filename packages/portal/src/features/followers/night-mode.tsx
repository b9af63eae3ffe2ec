import { Box, Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { formatGlucose } from '@cgm-portal/charts';
import { formatTime, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSession } from '../../session/session-context';
import { isRinging } from '../alarms/alarm-model';
import { useAlarmCentre } from '../alarms/alarm-centre-context';
import { useAlarmAction } from '../alarms/alarm-queries';
import { latestGlucose, STALE_AFTER_MINUTES, trendArrow } from '../glucose/latest-glucose';
import { readingAgeText } from '../glucose/reading-age';
import { useNow } from '../glucose/use-now';
import { usePollingFallback } from '../live/live-provider';
import { useScreenWakeLock, type WakeLockState } from '../live/screen-wake-lock';
import { FOLLOWER_REFRESH_MS } from './constants';
import { sharedMemberInfoQuery, sharedReadingsQuery } from './queries';

const WAKE_TEXT: Record<WakeLockState, string> = {
  held: 'liveAlerts.nightMode.awake',
  off: 'liveAlerts.nightMode.awakeLost',
  denied: 'liveAlerts.nightMode.awakeDenied',
  unsupported: 'liveAlerts.nightMode.awakeUnsupported',
};

/**
 * Night mode of the follower's monitor: a dark full screen with the shared person's latest
 * glucose large enough to read from across a room, the screen kept awake (Screen Wake Lock;
 * where the browser cannot, it says so), and any ringing alarm with "I've got it" at hand.
 */
export function NightMonitor({ memberId, onExit }: { memberId: number; onExit: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { api } = useSession();
  const wake = useScreenWakeLock(true);
  const now = useNow(15_000);
  const refetchInterval = usePollingFallback(FOLLOWER_REFRESH_MS);
  const info = useQuery(sharedMemberInfoQuery(api, memberId));
  const readings = useQuery({ ...sharedReadingsQuery(api, memberId, 24), refetchInterval });
  const { alarms } = useAlarmCentre();
  const action = useAlarmAction();
  const exit = useRef<HTMLButtonElement>(null);

  const list = readings.data?.readings ?? [];
  const shownAt = Math.max(now, readings.dataUpdatedAt);
  const latest = latestGlucose(list, shownAt);
  const stale = latest?.stale ?? true;
  const unit = info.data?.unit ?? 'mmol/L';
  const ringing = alarms.filter((a) => a.memberId === memberId && isRinging(a, shownAt));

  return (
    // A dialog: focus stays inside, Escape leaves, the page behind is inert.
    <Dialog.Root open onOpenChange={(e) => !e.open && onExit()} size="full" initialFocusEl={() => exit.current}>
      <Portal>
        <Dialog.Positioner>
          <Dialog.Content
            aria-label={t('liveAlerts.nightMode.title')}
            data-testid="night-monitor"
            data-wake-lock={wake}
            bg="black"
            color="gray.200"
            display="flex"
            flexDirection="column"
            alignItems="center"
            justifyContent="center"
            gap="6"
            p="6"
            textAlign="center"
          >
            <Text fontSize="2xl" color="gray.400">
              {info.data?.memberName ?? ''} · {formatTime(shownAt, { zone: readings.data?.timeZone ?? 'UTC', lang: language })}
            </Text>
            {latest ? (
              <Stack gap="1" align="center" opacity={stale ? 0.6 : 1}>
                <HStack align="baseline" gap="4">
                  <Text fontSize={{ base: '7xl', md: '9xl' }} fontWeight="bold" lineHeight="1" data-testid="night-glucose">
                    {formatGlucose(latest.reading.mgdl, unit, language)}
                  </Text>
                  {trendArrow(latest.trend) && (
                    <Text fontSize={{ base: '5xl', md: '7xl' }} aria-hidden>
                      {trendArrow(latest.trend)}
                    </Text>
                  )}
                </HStack>
                <Text fontSize="xl">
                  {unit} · {t(`home.trends.${latest.trend}`)} · {readingAgeText(latest.minutesAgo, t)}
                </Text>
                {stale && <Text color="orange.300">{t('home.noNewReading', { minutes: STALE_AFTER_MINUTES })}</Text>}
              </Stack>
            ) : (
              <Text fontSize="2xl">{t('home.noReading')}</Text>
            )}
            {ringing.map((alarm) => (
              <HStack key={alarm.id} gap="4" bg="red.900" color="white" px="5" py="3" borderRadius="lg" role="alert" wrap="wrap" justify="center">
                <Text fontSize="xl" fontWeight="bold">
                  {t(`liveAlerts.alarms.kinds.${alarm.kind}`)}
                </Text>
                <Button colorPalette="red" loading={action.isPending} onClick={() => action.mutate({ api, alarm, action: { kind: 'acknowledge' } })}>
                  {t('liveAlerts.alarms.acknowledge')}
                </Button>
              </HStack>
            ))}
            <Box fontSize="sm" color={wake === 'held' ? 'gray.500' : 'orange.300'} maxW="lg" data-testid="night-wake-lock">
              {t(WAKE_TEXT[wake])}
            </Box>
            <Button ref={exit} variant="outline" color="gray.200" borderColor="gray.600" _hover={{ bg: 'gray.800' }} onClick={onExit}>
              {t('liveAlerts.nightMode.exit')}
            </Button>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
