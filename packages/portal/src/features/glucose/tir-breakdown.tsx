import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { GLUCOSE_RANGE_COLORS, RANGE_KEYS, TimeInRangesBar, type GlucoseRangeKey } from '@cgm-portal/charts';
import type { GlucoseRanges, RangePercentages } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useChartLabels } from './chart-labels';
import { useGlucoseFormat } from './glucose-format';

/** Spec §9: each 1 % of time in range is about 15 minutes (1 % of 1,440 minutes = 14.4). */
export const MINUTES_PER_PERCENT_OF_DAY = 1440 / 100;

/**
 * Time in each range as a bar and as a list: percent of the time, and how long that is in a day
 * (spec §9 "each 1 % ≈ 15 minutes"). Consensus goals are shown only for people.
 */
export function TirBreakdown({ percentages, ranges, isPet, testId }: { percentages: RangePercentages | null; ranges: GlucoseRanges; isPet: boolean; testId?: string }) {
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
        locale={format.lang}
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
                  {format.percent(pct)} · ≈ {t('common.minutes', { count: Math.round(pct * MINUTES_PER_PERCENT_OF_DAY) })}
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
