import { Alert, Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { GlucoseUnit, Reading } from '@cgm-portal/api-client';
import { formatGlucose, GlucoseTrace, TimeInRangesBar } from '@cgm-portal/charts';
import { DEFAULT_RANGES, timeInRanges } from '@cgm-portal/glucose-metrics';
import { formatDateTime, intlLocale, useLanguage, useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../session/session-context';
import { useChartLabels } from '../glucose/chart-labels';
import { usePollingFallback } from '../live/live-provider';
import { FOLLOWER_REFRESH_MS } from './constants';
import { latestGlucose, STALE_AFTER_MINUTES, trendArrow } from '../glucose/latest-glucose';
import { readingAgeText } from '../glucose/reading-age';
import { readingsToday } from './monitor-model';
import { isAccessRefused, sharedMemberInfoQuery, sharedReadingsQuery } from './queries';

const HOUR_MS = 3_600_000;
/** Spec §2/§9: the home windows of 4, 8, 12 and 24 hours. */
export const MONITOR_WINDOWS_HOURS = [4, 8, 12, 24] as const;
type WindowHours = (typeof MONITOR_WINDOWS_HOURS)[number];
/** One fetch covers the longest window and today since midnight. */
const FETCH_HOURS = 24;

/** Why the follower sees no data: sharing stopped while watching, or never shared with them. */
export function AccessRefused({ hadData }: { hadData: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="alert" data-testid="access-refused">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{hadData ? t('followers.noLongerShared') : t('followers.notSharedWithYou')}</Alert.Title>
        <Alert.Description>{t('followers.refusedHint')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card.Root as="section" aria-label={title} data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export interface MonitorPanelsProps {
  readings: readonly Reading[];
  unit: GlucoseUnit;
  timeZone: string;
  now: number;
  /** Epoch ms the data was fetched, shown so a carer knows how fresh it is. */
  fetchedAt: number;
}

/** The monitor panel (latest glucose, trend, today's TIR) and the chart panel with its windows. */
export function MonitorPanels({ readings, unit, timeZone, now, fetchedAt }: MonitorPanelsProps) {
  const { t } = useTranslation();
  const labels = useChartLabels();
  const { language, dir } = useLanguage();
  const [windowHours, setWindowHours] = useState<WindowHours>(24);
  const latest = latestGlucose(readings, now);
  const today = useMemo(() => readingsToday(readings, timeZone, now), [readings, timeZone, now]);
  const tir = today.length ? timeInRanges(today, DEFAULT_RANGES) : null;

  return (
    <Stack gap="4">
      <Text fontSize="xs" color="fg.muted" data-testid="fetched-at">
        {t('followers.dataAsOf', { time: formatDateTime(fetchedAt, { lang: language }) })}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Panel title={t('home.monitorPanel')} testId="monitor-panel">
          <Stack gap="4">
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('home.latestGlucose')}
              </Text>
              {latest ? (
                <>
                  <HStack align="baseline" gap="2">
                    <Text fontSize="4xl" fontWeight="semibold" lineHeight="1" data-testid="latest-glucose">
                      {formatGlucose(latest.reading.mgdl, unit, language)}
                    </Text>
                    <Text as="span" fontSize="sm" color="fg.muted">
                      {unit}
                    </Text>
                    {trendArrow(latest.trend) && (
                      <Text as="span" fontSize="2xl" aria-hidden="true">
                        {trendArrow(latest.trend)}
                      </Text>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" data-testid="monitor-trend">
                    {t(`home.trends.${latest.trend}`)} · {readingAgeText(latest.minutesAgo, t)}
                  </Text>
                  {latest.stale && (
                    <Badge colorPalette="orange" alignSelf="start" data-testid="monitor-stale">
                      {t('home.noNewReading', { minutes: STALE_AFTER_MINUTES })}
                    </Badge>
                  )}
                </>
              ) : (
                <Text color="fg.muted">{t('home.noReading')}</Text>
              )}
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('home.tir')} · {t('common.today')}
              </Text>
              <Text fontSize="2xl" fontWeight="semibold" data-testid="tir-today">
                {tir ? `${Math.round(tir.target)}%` : t('common.noData')}
              </Text>
            </Stack>
          </Stack>
        </Panel>
        <Box gridColumn={{ lg: 'span 2' }}>
          <Panel title={t('home.chartPanel')} testId="chart-panel">
            <Stack gap="3">
              <HStack gap="1" role="group" aria-label={t('home.window')}>
                {MONITOR_WINDOWS_HOURS.map((h) => (
                  <Button key={h} size="xs" variant={h === windowHours ? 'solid' : 'outline'} aria-pressed={h === windowHours} onClick={() => setWindowHours(h)}>
                    {t(`home.hours${h}`)}
                  </Button>
                ))}
              </HStack>
              <GlucoseTrace
                readings={readings}
                start={now - windowHours * HOUR_MS}
                end={now}
                unit={unit}
                timeZone={timeZone}
                locale={intlLocale(language)}
                direction={dir}
                labels={labels.trace(t('home.lastHours', { count: windowHours }))}
              />
            </Stack>
          </Panel>
        </Box>
      </SimpleGrid>
      <Panel title={t('home.percentOfToday')} testId="tir-panel">
        <TimeInRangesBar percentages={tir} unit={unit} goals="none" height={180} locale={intlLocale(language)} direction={dir} labels={{ ...labels.tir, title: t('home.tir') }} />
      </Panel>
    </Stack>
  );
}

/**
 * A shared person's live data for a follower: refreshed every 30 s. When the server refuses
 * (sharing stopped, relation removed, never approved) the panels disappear at the next refresh
 * and a translated explanation takes their place; the last data is never left on screen.
 */
export function SharedMemberMonitor({ memberId, header }: { memberId: number; header?: (name: string) => ReactNode }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const info = useQuery(sharedMemberInfoQuery(api, memberId));
  // New readings arrive through the tab's live stream; polling only while it is down.
  const readings = useQuery({ ...sharedReadingsQuery(api, memberId, FETCH_HOURS), refetchInterval: usePollingFallback(FOLLOWER_REFRESH_MS) });
  const refused = isAccessRefused(info.error) || isAccessRefused(readings.error);

  // TanStack keeps the last answer beside a later error: having one means sharing stopped while watching.
  if (refused) return <AccessRefused hadData={info.data !== undefined || readings.data !== undefined} />;
  if (info.isError || readings.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('errors.generic')}</Alert.Title>
        <Button size="xs" ms="auto" onClick={() => void Promise.all([info.refetch(), readings.refetch()])}>
          {t('common.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (!info.data || !readings.data) return <Text color="fg.muted">{t('common.loading')}</Text>;
  return (
    <Stack gap="4" data-testid="shared-member-monitor">
      {header?.(info.data.memberName)}
      <MonitorPanels
        readings={readings.data.readings}
        unit={info.data.unit}
        timeZone={readings.data.timeZone}
        now={readings.dataUpdatedAt}
        fetchedAt={readings.dataUpdatedAt}
      />
    </Stack>
  );
}
