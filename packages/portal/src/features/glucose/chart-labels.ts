import type {
  AgpChartLabels,
  DailySmallMultiplesLabels,
  DailyTrendChartLabels,
  GlucoseEventType,
  GlucoseTraceLabels,
  SessionOverviewLabels,
  TimeInRangesBarLabels,
} from '@cgm-portal/charts';
import { useTranslation } from '@cgm-portal/i18n';
import { useMemo } from 'react';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The charts' translated label sets, in the current language (see chartLabels). */
export function useChartLabels() {
  const { t, i18n } = useTranslation();
  // The language is a dependency: t is stable across language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => chartLabels(t), [t, i18n.language]);
}

/**
 * Translated label sets for the charts, from one catalog: the portal's screens and Storybook's
 * language toolbar use this one function. Charts fill `{name}` placeholders themselves, so the
 * catalog's `{{name}}` slots are filled here with the chart's own placeholder.
 */
export function chartLabels(t: Translate) {
  const events: Record<GlucoseEventType, string> = {
    bg: t('events.tabs.bg'),
    meal: t('events.tabs.meal'),
    sport: t('events.tabs.sport'),
    insulin: t('events.tabs.insulin'),
    alert: t('events.tabs.alert'),
    calibration: t('events.tabs.calibration'),
    meds: t('events.tabs.meds'),
    weight: t('events.tabs.weight'),
  };
  const lo = t('agp.sensorLo');
  const hi = t('agp.sensorHi');
  const trace = (title: string): GlucoseTraceLabels => ({
    title,
    summary: t('agp.traceSummary', { readings: '{count}', start: '{start}', end: '{end}', gaps: '{gaps}' }),
    keyboardHint: t('agp.traceKeyboardHint'),
    time: t('common.time'),
    lowest: t('home.min'),
    highest: t('home.max'),
    readings: t('agp.readingsColumn'),
    lo,
    hi,
    noData: t('common.noData'),
    eventsCaption: t('events.title'),
    event: t('events.columns.eventType'),
    detail: t('events.columns.detail'),
    events,
  });
  const agp: AgpChartLabels = {
    title: t('agp.agpProfile'),
    summary: t('agp.agpChartSummary', { days: '{days}' }),
    time: t('report.timeOfDay'),
    p5: t('agp.percentile5'),
    p25: t('agp.percentile25'),
    median: t('agp.median'),
    p75: t('agp.percentile75'),
    p95: t('agp.percentile95'),
    noData: t('common.noData'),
    fewDays: t('report.agpNeeds5Days'),
  };
  const tir: TimeInRangesBarLabels = {
    title: t('agp.timeInRanges'),
    veryLow: t('ranges.veryLow'),
    low: t('ranges.low'),
    target: t('ranges.target'),
    high: t('ranges.high'),
    veryHigh: t('ranges.veryHigh'),
    range: t('agp.rangeColumn'),
    percent: t('agp.percentOfTime'),
    standardGoals: t('agp.goalsType1Type2'),
    olderHighRiskGoals: t('agp.goalsOlderHighRisk'),
    below: t('ranges.below', { value: '{value}' }),
    above: t('ranges.above', { value: '{value}' }),
    greaterThan: t('agp.goalGreaterThan', { value: '{value}' }),
    lessThan: t('agp.goalLessThan', { value: '{value}' }),
    met: t('agp.goalMet'),
    notMet: t('agp.goalNotMet'),
    noData: t('common.noData'),
  };
  const trend: DailyTrendChartLabels = {
    title: t('agp.multiDayTrend'),
    date: t('common.date'),
    value: t('agp.averageGlucose'),
    lowest: t('home.min'),
    highest: t('home.max'),
    noData: t('common.noData'),
    lo,
    hi,
  };
  const daily: DailySmallMultiplesLabels = {
    title: t('agp.dailyGlucoseProfiles'),
    date: t('common.date'),
    readings: t('agp.readingsColumn'),
    lowest: t('home.min'),
    highest: t('home.max'),
    noData: t('common.noData'),
    lo,
    hi,
  };
  const sessions: SessionOverviewLabels = {
    title: t('home.sessionOverview'),
    session: t('agp.sensorSn'),
    start: t('session.start'),
    end: t('session.end'),
    status: t('common.status'),
    ongoing: t('session.active'),
    initializing: t('session.initializing'),
    active: t('session.active'),
    expired: t('session.expired'),
    ended: t('session.ended'),
    empty: t('session.noneInPeriod'),
  };
  return { trace, agp, tir, trend, daily, sessions, events };
}
