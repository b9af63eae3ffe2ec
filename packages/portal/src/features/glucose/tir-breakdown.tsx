import { Stack, Text } from '@chakra-ui/react';
import { TimeInRangesBar } from '@cgm-portal/charts';
import type { GlucoseRanges, RangePercentages } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useChartLabels } from './chart-labels';
import { useGlucoseFormat } from './glucose-format';

/**
 * Time in each range: one bar with its labels, each consensus goal written once beside its
 * range (people only), and the period the percentages cover always named above it, so a
 * "today" figure is never read as a 14-day one. Spec §9's "each 1 % ≈ 15 minutes" closes it.
 */
export function TirBreakdown({ percentages, ranges, isPet, period, testId }: { percentages: RangePercentages | null; ranges: GlucoseRanges; isPet: boolean; period: string; testId?: string }) {
  const { t } = useTranslation();
  const format = useGlucoseFormat();
  const labels = useChartLabels();
  return (
    <Stack gap="2" data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium" color="fg.muted" data-testid="tir-period">
        {period}
      </Text>
      <TimeInRangesBar
        percentages={percentages}
        unit={format.unit}
        ranges={ranges}
        goals={isPet ? 'none' : 'standard'}
        locale={format.chartLocale}
        direction={format.dir}
        labels={labels.tir}
      />
      <Text fontSize="xs" color="fg.muted">
        {t('home.eachPercentIs15Min')}
      </Text>
    </Stack>
  );
}
