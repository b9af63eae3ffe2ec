import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AgpChart, DailySmallMultiples, DailyTrendChart, dailyTrendFromProfiles } from '@cgm-portal/charts';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../session/session-context';
import { useChartLabels } from '../glucose/chart-labels';
import { readingsQuery } from '../glucose/glucose-queries';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { Section } from '../glucose/metric-tile';
import { customSpan, DEFAULT_PERIOD, periodSpan } from '../glucose/periods';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../glucose/query-states';
import { SummaryMetrics } from '../glucose/summary-metrics';
import { TirBreakdown } from '../glucose/tir-breakdown';
import { useNow } from '../glucose/use-now';
import { GlucoseEventsSummary } from './glucose-events-summary';
import { PeriodPicker } from './period-picker';
import { useReportPeriodSearch } from './report-search';
import { cachedReportStats } from './report-stats';
import { SixHourTir } from './six-hour-tir';

/** Daily small multiples show the last two weeks of the period, as the AGP report does (IDC AGP v5). */
const DAILY_CHART_DAYS = 14;

/**
 * Glucose report (spec §2): statistics of a chosen period. One cached readings query per period;
 * every figure is computed from it with glucose-metrics in one memo, so switching back to a
 * period already fetched re-renders without a request. The period is in the URL (report-search).
 */
export function GlucoseReportScreen() {
  const { t } = useTranslation();
  const { api } = useSession();
  const settings = useMemberGlucoseSettings();
  const format = useGlucoseFormat();
  const labels = useChartLabels();
  const now = useNow(60_000);
  const [asked, setPeriod] = useReportPeriodSearch();
  // The URL's range was checked in UTC; a DST change can make it an hour too long in the member's zone.
  const period = asked.pick === 'custom' && !customSpan(asked.fromDate, asked.toDate, settings.timeZone) ? DEFAULT_PERIOD : asked;
  const span = periodSpan(period, now, settings.timeZone);
  const query = useQuery(readingsQuery(api, span));
  const stats = useMemo(
    () => (query.data ? cachedReportStats(query.data, { timeZone: settings.timeZone, ranges: settings.ranges, span, now, fromFirstReading: period.pick === 'showAll', isPet: settings.isPet }) : null),
    // `span` is derived from period and zone; `now` only trims the empty end of today.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query.data, settings.timeZone, settings.ranges, settings.isPet, span.from, span.to, period.pick],
  );

  return (
    <Stack gap="4" data-testid="glucose-report" data-from={span.from} data-to={span.to}>
      <PeriodPicker value={period} onChange={setPeriod} timeZone={settings.timeZone} now={now} />
      <Text color="fg.muted" data-testid="report-range">
        {t('report.dateRange', { from: format.date(span.from), to: format.date(Math.min(span.to, now) - 1) })}
        {stats && ` · ${t('report.readings', { count: stats.summary.count })}`}
      </Text>
      {query.isPending ? (
        <LoadingBlock lines={3} height="160px" />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : !stats || stats.summary.count === 0 ? (
        <EmptyBlock message={t('report.noReport')} />
      ) : (
        <>
          <Section title={t('report.statistics')} testId="report-statistics">
            <SummaryMetrics summary={stats.summary} isPet={settings.isPet} detail="full" />
          </Section>
          {/* Side by side on wide screens: the bar and its labels fill about 400 px, and a full-width card left the rest of it empty. */}
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" data-testid="report-tir-and-events">
            <Section title={t('agp.timeInRanges')} testId="report-tir">
              <TirBreakdown percentages={stats.tir} ranges={settings.ranges} isPet={settings.isPet} period={t('report.dateRange', { from: format.date(span.from), to: format.date(Math.min(span.to, now) - 1) })} />
            </Section>
            <Section title={t('report.glucoseEvents.title')} testId="report-glucose-events">
              <GlucoseEventsSummary
                low={stats.summary.episodes.hypoLevel1}
                high={stats.summary.episodes.hyperLevel1}
                lowBelowMgdl={stats.eventThresholds.hypoLevel1}
                highAboveMgdl={stats.eventThresholds.hyperLevel1}
              />
            </Section>
          </SimpleGrid>
          <Section title={t('report.tir6h')}>
            <SixHourTir blocks={stats.sixHour} />
          </Section>
          <Section title={t('agp.agpProfile')} testId="report-agp">
            {stats.enoughForAgp ? (
              <AgpChart profile={stats.agp} unit={format.unit} ranges={settings.ranges} locale={format.chartLocale} direction={format.dir} labels={labels.agp} />
            ) : (
              <EmptyBlock message={t('report.agpNeeds5Days')} />
            )}
          </Section>
          <Section title={t('report.glucoseTrend')}>
            <DailyTrendChart days={dailyTrendFromProfiles(stats.days)} unit={format.unit} ranges={settings.ranges} locale={format.chartLocale} direction={format.dir} labels={labels.trend} />
          </Section>
          <Section title={t('agp.dailyGlucoseProfiles')} testId="report-daily">
            <DailySmallMultiples
              days={stats.days.slice(-DAILY_CHART_DAYS)}
              unit={format.unit}
              ranges={settings.ranges}
              locale={format.chartLocale}
              direction={format.dir}
              labels={labels.daily}
            />
          </Section>
        </>
      )}
    </Stack>
  );
}
