import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { GLUCOSE_RANGE_COLORS, glucoseRangeOf } from '@cgm-portal/charts';
import type { GlucoseRanges, Reading } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { latestGlucose, STALE_AFTER_MINUTES, trendArrow } from '../glucose/latest-glucose';
import { readingAgeText } from '../glucose/reading-age';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { Section } from '../glucose/metric-tile';

/** The newest reading, its trend and its age; an old reading is labelled stale and greyed, never shown as current. */
export function LatestGlucoseCard({ readings, now, ranges }: { readings: readonly Reading[]; now: number; ranges: GlucoseRanges }) {
  const { t } = useTranslation();
  const format = useGlucoseFormat();
  const latest = latestGlucose(readings, now);
  return (
    <Section title={t('home.latestGlucose')} testId="latest-glucose">
      {latest ? (
        <Box>
          {/* Stale is told by the badge, the age and a muted colour that keeps AA contrast (a faded
              opacity failed it); the range dot is dropped, since an old value is no current range. */}
          <HStack gap="3" align="baseline" color={latest.stale ? 'fg.muted' : undefined}>
            {!latest.stale && <Box w="3" h="3" borderRadius="full" bg={GLUCOSE_RANGE_COLORS[glucoseRangeOf(latest.reading.mgdl, ranges)]} aria-hidden />}
            <Text fontSize="4xl" fontWeight="bold" data-testid="latest-value">
              {format.glucose(latest.reading.mgdl)}
            </Text>
            <Text color="fg.muted">{format.unit}</Text>
            {trendArrow(latest.trend) && (
              <Text fontSize="3xl" aria-hidden>
                {trendArrow(latest.trend)}
              </Text>
            )}
          </HStack>
          <Text fontSize="sm" data-testid="latest-trend">
            {t(`home.trends.${latest.trend}`)}
          </Text>
          <HStack gap="2" mt="1" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" data-testid="latest-age">
              {readingAgeText(latest.minutesAgo, t)}
              {' · '}
              {format.dateTime(latest.reading.time)}
            </Text>
            {latest.stale && (
              <Badge colorPalette="orange" data-testid="latest-stale">
                {t('home.noNewReading', { minutes: STALE_AFTER_MINUTES })}
              </Badge>
            )}
          </HStack>
        </Box>
      ) : (
        <Text color="fg.muted">{t('home.noReading')}</Text>
      )}
    </Section>
  );
}
