import { SimpleGrid, Text } from '@chakra-ui/react';
import type { EpisodeKindSummary } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { MetricTile } from '../glucose/metric-tile';

/**
 * Low and high glucose events of the period with their mean duration, as LibreView's AGP shows
 * them: consensus episodes of at least 15 minutes, found in the readings by glucose-metrics.
 */
export function GlucoseEventsSummary({ low, high, lowBelowMgdl, highAboveMgdl }: { low: EpisodeKindSummary; high: EpisodeKindSummary; lowBelowMgdl: number; highAboveMgdl: number }) {
  const { t } = useTranslation();
  const f = useGlucoseFormat();
  const tile = (kind: 'low' | 'high', s: EpisodeKindSummary) => (
    <MetricTile
      testId={`report-events-${kind}`}
      label={t(`report.glucoseEvents.${kind}`)}
      value={f.number(s.count, 0)}
      hint={s.count > 0 ? t('report.glucoseEvents.averageDuration', { minutes: f.number(s.meanDurationMinutes, 0) }) : undefined}
    />
  );
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {tile('low', low)}
        {tile('high', high)}
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted" mt="2">
        {t('report.glucoseEvents.definition', { low: f.glucose(lowBelowMgdl), high: f.glucose(highAboveMgdl), unit: f.unit })}
      </Text>
    </>
  );
}
