import type { RangePercentages } from '@cgm-portal/glucose-metrics';

/** The five consensus glucose ranges, lowest first. */
export type GlucoseRangeKey = keyof RangePercentages;

/** Range keys from lowest to highest glucose. */
export const RANGE_KEYS: readonly GlucoseRangeKey[] = ['veryLow', 'low', 'target', 'high', 'veryHigh'];

/**
 * Colour of each glucose range (hex). Clinical, not brandable: a variant theme cannot restyle
 * what "very low" looks like (ARCHITECTURE.md). Hues follow the AGP report (red for lows, green
 * for target, amber/orange for highs); every colour has at least 3:1 contrast on white
 * (WCAG 2.1 SC 1.4.11, non-text contrast), checked in clinical.test.ts. Colour is never the only
 * cue: the charts add patterns, positions and text.
 */
export const GLUCOSE_RANGE_COLORS: Readonly<Record<GlucoseRangeKey, string>> = Object.freeze({
  veryLow: '#8e0e1c',
  low: '#d32f2f',
  target: '#1e7b34',
  high: '#b06f00',
  veryHigh: '#9a3412',
});

/** Light fill of the target band behind traces (decorative; its edges are drawn as lines). */
export const TARGET_BAND_FILL = '#e6f4ea';

/**
 * AGP percentile styling: light 5–95 band with dashed 5th/95th lines, a darker 25–75 band and a
 * dark median drawn over a white casing so it keeps 3:1 contrast against the band it crosses
 * (layout of the AGP report v4, Johnson M.L. et al., Diabetes Technol Ther 2019;21(S2):S2-17).
 */
export const AGP_COLORS = Object.freeze({
  outerBand: '#c7d9ee',
  outerLine: '#3f6fb0',
  innerBand: '#7fa5d6',
  median: '#0a2a66',
  casing: '#ffffff',
});

/** One glucose goal: a share of readings that should be above (`>`) or below (`<`) a percent. */
export interface RangeGoal {
  /** Which ranges the goal sums, e.g. ['veryLow', 'low'] for "below 70". */
  ranges: readonly GlucoseRangeKey[];
  comparator: '>' | '<';
  /** Goal threshold, percent of readings (0–100). */
  percent: number;
}

/** A named set of goals (type 1/type 2, or older/high-risk). */
export type GoalSet = 'standard' | 'olderHighRisk';

/**
 * Consensus CGM goals. Source: Battelino T. et al., "Clinical Targets for Continuous Glucose
 * Monitoring Data Interpretation: Recommendations From the International Consensus on Time in
 * Range", Diabetes Care 2019;42(8):1593–1603, doi:10.2337/dci19-0028, Figure 3.
 * - Type 1 and type 2 diabetes: TIR 70–180 >70 %, TBR <70 <4 %, <54 <1 %, TAR >180 <25 %,
 *   >250 <5 %.
 * - Older or high-risk people: TIR >50 %, TBR <70 <1 %, TAR >250 <10 %.
 */
export const CONSENSUS_GOALS: Readonly<Record<GoalSet, readonly RangeGoal[]>> = Object.freeze({
  standard: [
    { ranges: ['target'], comparator: '>', percent: 70 },
    { ranges: ['veryLow', 'low'], comparator: '<', percent: 4 },
    { ranges: ['veryLow'], comparator: '<', percent: 1 },
    { ranges: ['high', 'veryHigh'], comparator: '<', percent: 25 },
    { ranges: ['veryHigh'], comparator: '<', percent: 5 },
  ],
  olderHighRisk: [
    { ranges: ['target'], comparator: '>', percent: 50 },
    { ranges: ['veryLow', 'low'], comparator: '<', percent: 1 },
    { ranges: ['veryHigh'], comparator: '<', percent: 10 },
  ],
});

/** Percent of readings the goal covers (sum of its ranges), 0–100. */
export function goalValue(goal: RangeGoal, percentages: RangePercentages): number {
  return goal.ranges.reduce((sum, key) => sum + percentages[key], 0);
}

/** Whether the percentages meet the goal. */
export function isGoalMet(goal: RangeGoal, percentages: RangePercentages): boolean {
  const value = goalValue(goal, percentages);
  return goal.comparator === '>' ? value > goal.percent : value < goal.percent;
}

/** The range a glucose value (mg/dL) falls in, bounds as in glucose-metrics' timeInRanges. */
export function glucoseRangeOf(
  mgdl: number,
  ranges: { veryLow: number; low: number; high: number; veryHigh: number },
): GlucoseRangeKey {
  if (mgdl < ranges.veryLow) return 'veryLow';
  if (mgdl < ranges.low) return 'low';
  if (mgdl <= ranges.high) return 'target';
  if (mgdl <= ranges.veryHigh) return 'high';
  return 'veryHigh';
}
