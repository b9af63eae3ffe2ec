export { GlucoseTrace, DEFAULT_GLUCOSE_TRACE_LABELS } from './glucose-trace/glucose-trace';
export type { GlucoseTraceLabels, GlucoseTraceProps } from './glucose-trace/glucose-trace';
export { AgpChart, DEFAULT_AGP_CHART_LABELS, smoothAgpBins } from './agp-chart/agp-chart';
export type { AgpChartLabels, AgpChartProps } from './agp-chart/agp-chart';
export { TimeInRangesBar, DEFAULT_TIME_IN_RANGES_BAR_LABELS, rangeBoundsText } from './time-in-ranges-bar/time-in-ranges-bar';
export type { TimeInRangesBarLabels, TimeInRangesBarProps } from './time-in-ranges-bar/time-in-ranges-bar';
export { DailyTrendChart, DEFAULT_DAILY_TREND_CHART_LABELS, dailyTrendFromProfiles } from './daily-trend/daily-trend-chart';
export type { DailyTrendChartLabels, DailyTrendChartProps, DailyTrendPoint } from './daily-trend/daily-trend-chart';
export { DailySmallMultiples, DEFAULT_DAILY_SMALL_MULTIPLES_LABELS } from './daily-small-multiples/daily-small-multiples';
export type { DailySmallMultiplesLabels, DailySmallMultiplesProps, SmallMultipleDay } from './daily-small-multiples/daily-small-multiples';
export { SessionOverview, DEFAULT_SESSION_OVERVIEW_LABELS, sessionTimelineRows } from './session-overview/session-overview';
export type { SensorSession, SensorSessionStatus, SessionOverviewLabels, SessionOverviewProps, SessionTimelineRow } from './session-overview/session-overview';
export { EventGlyph, EventLegend, EVENT_STYLES, EVENT_TYPES, DEFAULT_EVENT_LABELS } from './event-markers/event-markers';
export type { GlucoseChartEvent, GlucoseEventType } from './event-markers/event-markers';
export {
  AGP_COLORS,
  CONSENSUS_GOALS,
  GLUCOSE_RANGE_COLORS,
  RANGE_KEYS,
  TARGET_BAND_FILL,
  glucoseRangeOf,
  goalValue,
  isGoalMet,
} from './clinical';
export type { GlucoseRangeKey, GoalSet, RangeGoal } from './clinical';
export { createChartTheme, defaultChartTheme } from './theme';
export type { ChartTheme } from './theme';
export { formatGlucose, formatPercent, isHi, isLo, percentDigits, toDisplayUnit } from './units';
export type { GlucoseUnit } from './units';
export { registerLocaleNames, registerLocaleTable } from './internal/locale-names';
export type { ChartLocaleNames } from './internal/locale-names';
export {
  FIXTURE_HI_MGDL,
  FIXTURE_LO_MGDL,
  FIXTURE_START_DATE,
  FIXTURE_TIME_ZONE,
  createRandom,
  syntheticDay,
  syntheticEvents,
  syntheticReadings,
  syntheticSessions,
} from './fixtures';
export type { SyntheticOptions } from './fixtures';
