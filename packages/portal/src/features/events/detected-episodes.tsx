import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { episodes, type Reading } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../session/session-context';
import { memberEpisodeThresholds } from '../glucose/glucose-events';
import { readingsQuery } from '../glucose/glucose-queries';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { DEFAULT_PERIOD, periodSpan } from '../glucose/periods';
import { useNow } from '../glucose/use-now';

/** The detected episodes cover the AGP's standard 14 days (IDC AGP v5), the report's default period. */
const DETECTED_DAYS = 14;

/**
 * Low glucose episodes found in the sensor readings (consensus: at least 15 minutes below the low
 * threshold; glucose-metrics' `episodes`), listed as alert events with start, end and the lowest
 * glucose. They are marked "detected": nobody entered them, so they are not rows of the event
 * list the server keeps, and they cannot be edited.
 */
export function DetectedLowEpisodes() {
  const { t } = useTranslation();
  const { api } = useSession();
  const settings = useMemberGlucoseSettings();
  const format = useGlucoseFormat();
  const now = useNow(60_000);
  const span = periodSpan(DEFAULT_PERIOD, now, settings.timeZone);
  const query = useQuery(readingsQuery(api, span));
  const found = useMemo(() => {
    const readings: readonly Reading[] | undefined = query.data?.readings;
    if (!readings) return null;
    const thresholds = memberEpisodeThresholds(settings.isPet, settings.ranges);
    return episodes(readings, { timeZone: settings.timeZone, ...thresholds }).hypoLevel1.events.slice().reverse();
  }, [query.data, settings.isPet, settings.ranges, settings.timeZone]);

  if (!found) return null;
  return (
    <Stack as="section" gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="detected-episodes" aria-label={t('report.glucoseEvents.detectedTitle')}>
      <Text as="h2" fontWeight="semibold">
        {t('report.glucoseEvents.detectedTitle')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('report.glucoseEvents.detectedHint', { days: DETECTED_DAYS })}
      </Text>
      {found.length === 0 ? (
        <Text fontSize="sm" data-testid="detected-episodes-none">
          {t('report.glucoseEvents.noneDetected', { days: DETECTED_DAYS })}
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('events.columns.eventType')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('report.glucoseEvents.start')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('report.glucoseEvents.end')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('report.glucoseEvents.nadir')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {found.map((e) => (
                <Table.Row key={e.start} data-testid="detected-episode" data-start={e.start}>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <Badge colorPalette="red">{t('events.tabs.alert')}</Badge>
                      <Badge variant="outline">{t('report.glucoseEvents.detected')}</Badge>
                      <Text as="span" fontSize="sm">
                        {t('report.glucoseEvents.lowEpisode')}
                      </Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{format.dateTime(e.start)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{format.dateTime(e.end)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <bdi dir="ltr">
                      {format.glucose(e.nadirOrPeak)} {format.unit}
                    </bdi>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
