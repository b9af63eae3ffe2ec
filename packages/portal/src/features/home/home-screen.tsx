import { SimpleGrid, Stack, Switch } from '@chakra-ui/react';
import type { SensorSession as ContractSession } from '@cgm-portal/api-client';
import { AgpChart, DailySmallMultiples, GlucoseTrace, SessionOverview } from '@cgm-portal/charts';
import { agpProfile, dailyProfiles, hasEnoughDataForAgp, summarize, timeInRanges } from '@cgm-portal/glucose-metrics';
import { useTranslation } from '@cgm-portal/i18n';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../session/session-context';
import { useChartLabels } from '../glucose/chart-labels';
import { toChartSessions } from '../glucose/chart-sessions';
import { ChoiceButtons } from '../glucose/choice-buttons';
import { CHART_EVENT_TYPE, eventDescription } from '../glucose/event-text';
import { eventsQuery, HOME_REFRESH_MS, liveReadingsQuery, sessionsQuery } from '../glucose/glucose-queries';
import { useGlucoseFormat } from '../glucose/glucose-format';
import { useMemberGlucoseSettings } from '../glucose/member-settings';
import { MetricTile, Section } from '../glucose/metric-tile';
import { DEFAULT_PERIOD, periodSpan, todaySpan } from '../glucose/periods';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../glucose/query-states';
import { SummaryMetrics } from '../glucose/summary-metrics';
import { TirBreakdown } from '../glucose/tir-breakdown';
import { useNow } from '../glucose/use-now';
import { usePollingFallback } from '../live/live-provider';
import { LatestGlucoseCard } from './latest-glucose-card';

/** Spec §9: the home chart's windows. */
export const HOME_WINDOWS = [4, 8, 12, 24] as const;
const HOUR = 3_600_000;

/**
 * Status overview (spec §2 Home): today live, refreshed every minute without flicker (the
 * previous answer stays until the new one arrives), and the last 14 days, whose query is the
 * very one the glucose report's 14-day period uses, so both screens show the same numbers.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { api } = useSession();
  const settings = useMemberGlucoseSettings();
  const format = useGlucoseFormat();
  const labels = useChartLabels();
  const now = useNow();
  const { timeZone, isPet } = settings;

  const today = todaySpan(now, timeZone);
  const period = periodSpan(DEFAULT_PERIOD, now, timeZone);
  // New readings arrive through the tab's live stream; polling only while it is down.
  const refetchInterval = usePollingFallback(HOME_REFRESH_MS);
  const todayQuery = useQuery({ ...liveReadingsQuery(api, today), refetchInterval });
  const periodQuery = useQuery({ ...liveReadingsQuery(api, period), refetchInterval });
  const eventsToday = useQuery({ ...eventsQuery(api, { page: 1, rows: 500, from: today.from, to: today.to }), refetchInterval: 60_000 });
  const sessions = useQuery(sessionsQuery(api, 1, 20));

  const [windowHours, setWindowHours] = useState<(typeof HOME_WINDOWS)[number]>(24);
  const [glucoseOnly, setGlucoseOnly] = useState(false);
  const [tirKind, setTirKind] = useState<'standard' | 'custom'>('custom');

  const todayReadings = useMemo(() => todayQuery.data?.readings ?? [], [todayQuery.data]);
  const todayOnly = useMemo(() => todayReadings.filter((r) => r.time >= today.startOfToday), [todayReadings, today.startOfToday]);
  const todaySummary = useMemo(
    () => summarize(todayOnly, { timeZone, ranges: settings.ranges, from: today.startOfToday, to: today.to }),
    [todayOnly, timeZone, settings.ranges, today.startOfToday, today.to],
  );
  const tirRanges = tirKind === 'standard' ? settings.standardRanges : settings.ranges;
  const todayTir = useMemo(() => (todayOnly.length ? timeInRanges(todayOnly, tirRanges) : null), [todayOnly, tirRanges]);

  const periodReadings = useMemo(() => periodQuery.data?.readings ?? [], [periodQuery.data]);
  const periodStats = useMemo(() => {
    const summary = summarize(periodReadings, { timeZone, ranges: settings.ranges, from: period.from, to: period.to });
    const agp = agpProfile(periodReadings, { timeZone });
    const enough = hasEnoughDataForAgp(periodReadings, { timeZone });
    const days = dailyProfiles(periodReadings, { timeZone, ranges: settings.ranges, from: period.from, to: Math.min(period.to, now) });
    return { summary, agp, enough, days };
    // `now` only trims the empty tail of today; recomputing every tick is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [periodReadings, timeZone, settings.ranges, period.from, period.to]);

  const chartEvents = useMemo(
    () =>
      glucoseOnly
        ? []
        : (eventsToday.data?.rows ?? []).map((e) => ({ time: e.time, type: CHART_EVENT_TYPE[e.eventType], detail: eventDescription(e, t, format) })),
    [eventsToday.data, glucoseOnly, t, format],
  );

  const latestSession = sessions.data?.rows.reduce<ContractSession | undefined>((a, s) => (!a || s.startTime > a.startTime ? s : a), undefined);

  if (todayQuery.isError && !todayQuery.data) {
    return <ErrorBlock error={todayQuery.error} onRetry={() => void todayQuery.refetch()} />;
  }

  return (
    <Stack gap="4" data-testid="home-screen" data-from={period.from} data-to={period.to}>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        {todayQuery.isPending ? <LoadingBlock height="150px" /> : <LatestGlucoseCard readings={todayReadings} now={now} ranges={settings.ranges} />}
        <Section title={t('home.todayOverview')} testId="today-overview">
          {todayQuery.isPending ? (
            <LoadingBlock height="100px" />
          ) : (
            <SimpleGrid columns={2} gap="3">
              <MetricTile testId="today-max" label={t('home.max')} value={format.glucose(todaySummary.max)} unit={format.unit} />
              <MetricTile testId="today-min" label={t('home.min')} value={format.glucose(todaySummary.min)} unit={format.unit} />
              <MetricTile testId="today-mean" label={t('home.average')} value={format.glucose(todaySummary.mean)} unit={format.unit} />
              <MetricTile
                testId="today-max-variation"
                label={t('home.maxVariation')}
                value={format.glucoseDelta(todaySummary.maxVariation?.maxAbsStep ?? null)}
                unit={format.unit}
              />
            </SimpleGrid>
          )}
        </Section>
        <Section
          title={t('home.tir')}
          testId="today-tir"
          actions={
            <ChoiceButtons
              label={t('home.tir')}
              value={tirKind}
              onChange={setTirKind}
              options={[
                { value: 'standard', label: t('home.standardTir') },
                { value: 'custom', label: t('home.customTir') },
              ]}
            />
          }
        >
          {todayQuery.isPending ? <LoadingBlock height="120px" /> : <TirBreakdown percentages={todayTir} ranges={tirRanges} isPet={isPet} period={`${t('common.today')} · ${t('report.dateRange', { from: format.time(today.startOfToday), to: format.time(now) })}`} />}
        </Section>
      </SimpleGrid>

      <Section
        title={t('home.todayGlucose')}
        testId="today-chart"
        actions={
          <Stack direction="row" gap="3" align="center" flexWrap="wrap">
            <ChoiceButtons
              label={t('home.window')}
              value={windowHours}
              onChange={setWindowHours}
              options={HOME_WINDOWS.map((h) => ({ value: h, label: t(`home.hours${h}`) }))}
            />
            <Switch.Root checked={glucoseOnly} onCheckedChange={(e) => setGlucoseOnly(e.checked)} colorPalette="brand">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('home.glucoseOnly')}</Switch.Label>
            </Switch.Root>
          </Stack>
        }
      >
        {todayQuery.isPending ? (
          <LoadingBlock />
        ) : (
          <GlucoseTrace
            readings={todayReadings}
            start={now - windowHours * HOUR}
            end={now}
            unit={format.unit}
            timeZone={timeZone}
            ranges={settings.ranges}
            events={chartEvents}
            locale={format.chartLocale}
            direction={format.dir}
            labels={labels.trace(t('home.lastHours', { count: windowHours }))}
          />
        )}
      </Section>

      <Section title={`${t('home.glucoseMetrics')} · ${t('report.days14')}`} testId="home-metrics">
        {periodQuery.isPending ? (
          <LoadingBlock height="80px" />
        ) : periodQuery.isError ? (
          <ErrorBlock error={periodQuery.error} onRetry={() => void periodQuery.refetch()} />
        ) : periodReadings.length === 0 ? (
          <EmptyBlock />
        ) : (
          <SummaryMetrics summary={periodStats.summary} isPet={isPet} detail="brief" />
        )}
      </Section>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Section title={t('home.agp')} testId="home-agp">
          {periodQuery.isPending ? (
            <LoadingBlock />
          ) : periodReadings.length === 0 ? (
            <EmptyBlock />
          ) : (
            <Stack gap="2">
              {!periodStats.enough && <EmptyBlock message={t('report.agpNeeds5Days')} />}
              <AgpChart profile={periodStats.agp} unit={format.unit} ranges={settings.ranges} locale={format.chartLocale} direction={format.dir} labels={labels.agp} />
            </Stack>
          )}
        </Section>
        <Section title={t('home.sessionOverview')} testId="home-sessions">
          {sessions.isPending ? (
            <LoadingBlock height="120px" />
          ) : sessions.isError ? (
            <ErrorBlock error={sessions.error} onRetry={() => void sessions.refetch()} />
          ) : !sessions.data.rows.length ? (
            <EmptyBlock message={t('session.noSessions')} />
          ) : (
            <SessionOverview
              sessions={toChartSessions(sessions.data.rows)}
              // The recent sensors' whole wear, not only the 14 days: one bar per sensor from insertion to end.
              start={Math.min(period.from, ...sessions.data.rows.map((s) => s.startTime))}
              end={now}
              now={now}
              timeZone={timeZone}
              locale={format.chartLocale}
              direction={format.dir}
              labels={labels.sessions}
            />
          )}
        </Section>
      </SimpleGrid>

      <Section title={t('home.dailyGlucose')} testId="home-daily">
        {periodQuery.isPending ? (
          <LoadingBlock />
        ) : periodReadings.length === 0 ? (
          <EmptyBlock />
        ) : (
          <DailySmallMultiples days={periodStats.days} unit={format.unit} ranges={settings.ranges} locale={format.chartLocale} direction={format.dir} labels={labels.daily} />
        )}
      </Section>

      <Section title={t('home.sessionGlucose')} testId="home-session-glucose">
        {periodQuery.isPending || sessions.isPending ? (
          <LoadingBlock />
        ) : !latestSession || periodReadings.length === 0 ? (
          <EmptyBlock />
        ) : (
          <GlucoseTrace
            readings={periodReadings}
            start={Math.max(latestSession.startTime, period.from)}
            end={Math.min(latestSession.endTime ?? now, now)}
            unit={format.unit}
            timeZone={timeZone}
            ranges={settings.ranges}
            locale={format.chartLocale}
            direction={format.dir}
            labels={labels.trace(`${t('home.sessionGlucose')} · ${latestSession.sn}`)}
          />
        )}
      </Section>
    </Stack>
  );
}
