import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { GLUCOSE_RANGE_COLORS, RANGE_KEYS, TimeInRangesBar, type GlucoseRangeKey } from '@cgm-portal/charts';
import type { GlucoseRanges, RangePercentages } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useChartLabels } from './chart-labels';
import { useGlucoseFormat } from './glucose-format';

/** Spec §9: each 1 % of time in range is about 15 minutes (1 % of a 1,440-minute day = 14.4). */
const MINUTES_PER_DAY = 1440;

/**
 * Time in each range as a bar and as a list: percent of the time, and how long that is in a day
 * (spec §9 "each 1 % ≈ 15 minutes"). Consensus goals are shown only for people.
 * `spanMinutes` is the time the percentages cover when that is less than a whole day (today so
 * far): 100 % of the first hour after midnight is 60 minutes, not 1,440.
 */
export function TirBreakdown({ percentages, ranges, isPet, testId, spanMinutes = MINUTES_PER_DAY }: { percentages: RangePercentages | null; ranges: GlucoseRanges; isPet: boolean; testId?: string; spanMinutes?: number }) {
  const { t } = useTranslation();
  const format = useGlucoseFormat();
  const labels = useChartLabels();
  const bandText: Record<GlucoseRangeKey, string> = {
    veryLow: t('ranges.veryLowLong', { value: format.glucose(ranges.veryLow), unit: format.unit }),
    low: t('ranges.lowLong', { low: format.glucose(ranges.veryLow), high: format.glucose(ranges.low - 1), unit: format.unit }),
    target: t('ranges.targetLong', { low: format.glucose(ranges.low), high: format.glucose(ranges.high), unit: format.unit }),
    high: t('ranges.highLong', { low: format.glucose(ranges.high + 1), high: format.glucose(ranges.veryHigh), unit: format.unit }),
    veryHigh: t('ranges.veryHighLong', { value: format.glucose(ranges.veryHigh), unit: format.unit }),
  };
  return (
    <Stack gap="3" data-testid={testId}>
      <TimeInRangesBar
        percentages={percentages}
        unit={format.unit}
        ranges={ranges}
        goals={isPet ? 'none' : 'standard'}
        locale={format.chartLocale}
        direction={format.dir}
        labels={labels.tir}
      />
      {percentages && (
        <Stack gap="1" as="ul" listStyleType="none">
          {[...RANGE_KEYS].reverse().map((key) => {
            const pct = percentages[key];
            return (
              <HStack as="li" key={key} justify="space-between" gap="3" data-range={key}>
                <HStack gap="2">
                  <Box w="3" h="3" borderRadius="sm" bg={GLUCOSE_RANGE_COLORS[key]} aria-hidden />
                  <Text fontSize="sm">{bandText[key]}</Text>
                </HStack>
                <Text fontSize="sm" fontWeight="medium" data-testid={`tir-${key}`}>
                  {format.percent(pct)} · ≈ {t('common.minutes', { count: Math.round((pct * Math.min(spanMinutes, MINUTES_PER_DAY)) / 100) })}
                </Text>
              </HStack>
            );
          })}
        </Stack>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('home.eachPercentIs15Min')}
      </Text>
    </Stack>
  );
}
