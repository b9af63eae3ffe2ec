export { GlucoseTrace, DEFAULT_GLUCOSE_TRACE_LABELS } from './glucose-trace/glucose-trace';
export type { GlucoseTraceLabels, GlucoseTraceProps } from './glucose-trace/glucose-trace';
export { SessionOverview, DEFAULT_SESSION_OVERVIEW_LABELS } from './session-overview/session-overview';
export type { SensorSession, SensorSessionStatus, SessionOverviewLabels, SessionOverviewProps } from './session-overview/session-overview';
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
export { formatGlucose, formatPercent, isHi, isLo, toDisplayUnit } from './units';
export type { GlucoseUnit } from './units';
