import type { GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { MGDL_PER_MMOL, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import type { GlucoseUnit } from '../units';

export interface GlucoseTick {
  mgdl: number;
  kind: 'veryLow' | 'low' | 'high' | 'veryHigh' | 'round';
  /** How far the label is moved off its tick, in px down the screen, so close thresholds both read (3.0 under 3.9). */
  labelDy: number;
}

/** Bottom of glucose axes in mg/dL: a little under the sensor floor so LO marks have room. */
export const GLUCOSE_AXIS_MIN_MGDL = 30;

/**
 * Top of the glucose axis in mg/dL: a round value of the display unit above the data
 * (300 or 400 mg/dL; 17 or 22.5 mmol/L), never below the very-high threshold.
 */
export function glucoseAxisMax(dataMaxMgdl: number, unit: GlucoseUnit, ranges: GlucoseRanges): number {
  const needed = Math.max(dataMaxMgdl, ranges.veryHigh + 20);
  if (unit === 'mmol/L') return needed <= 17 * MGDL_PER_MMOL ? 17 * MGDL_PER_MMOL : Math.max(22.5 * MGDL_PER_MMOL, needed);
  return needed <= 300 ? 300 : Math.max(SENSOR_MAX_MGDL, needed);
}

/**
 * Label positions (px up the axis) of sorted values at least `minSpacing` apart, each cluster of
 * too-close labels spread evenly around where its ticks are.
 */
function spreadLabels(positions: readonly number[], minSpacing: number): number[] {
  const out = [...positions];
  let start = 0;
  for (let i = 1; i <= positions.length; i++) {
    if (i < positions.length && positions[i]! - out[i - 1]! < minSpacing) {
      out[i] = out[i - 1]! + minSpacing;
      continue;
    }
    // A cluster [start, i) was pushed up; centre it back on its ticks.
    const shift = out.slice(start, i).reduce((sum, p, k) => sum + p - positions[start + k]!, 0) / (i - start);
    for (let k = start; k < i; k++) out[k] = out[k]! - shift;
    start = i;
  }
  return out;
}

/**
 * Ticks of a glucose axis: the range thresholds always, each with its label (when two are too
 * close, as 3.0 and 3.9 mmol/L on a tall axis, their labels move apart while the ticks stay on
 * their values), then round values, dropping any that would overlap a label already kept.
 */
export function glucoseTicks(options: {
  ranges: GlucoseRanges;
  unit: GlucoseUnit;
  domain: [number, number];
  pxPerMgdl: number;
  minSpacingPx: number;
}): GlucoseTick[] {
  const { ranges, unit, domain, pxPerMgdl, minSpacingPx } = options;
  const inDomain = (mgdl: number) => mgdl >= Math.max(domain[0], SENSOR_MIN_MGDL) && mgdl <= domain[1];
  const thresholds = (
    [
      { mgdl: ranges.veryLow, kind: 'veryLow' },
      { mgdl: ranges.low, kind: 'low' },
      { mgdl: ranges.high, kind: 'high' },
      { mgdl: ranges.veryHigh, kind: 'veryHigh' },
    ] as const
  )
    .filter((t) => inDomain(t.mgdl))
    .sort((a, b) => a.mgdl - b.mgdl);
  const at = spreadLabels(
    thresholds.map((t) => t.mgdl * pxPerMgdl),
    minSpacingPx,
  );
  const kept: GlucoseTick[] = thresholds.map((t, i) => ({ ...t, labelDy: t.mgdl * pxPerMgdl - at[i]! }));
  const labelAt = (t: GlucoseTick) => t.mgdl * pxPerMgdl - t.labelDy;
  const step = unit === 'mmol/L' ? 2 * MGDL_PER_MMOL : 50;
  const roundValues: number[] = [];
  for (let v = step; v <= domain[1] + 0.01; v += step) roundValues.push(v);
  if (unit === 'mg/dL' && domain[1] >= SENSOR_MAX_MGDL) roundValues.push(SENSOR_MAX_MGDL);
  // Largest round values first so the top of the axis gets a label.
  roundValues.sort((a, b) => b - a);
  for (const mgdl of roundValues) {
    const tick: GlucoseTick = { mgdl, kind: 'round', labelDy: 0 };
    if (!inDomain(mgdl)) continue;
    if (kept.some((k) => Math.abs(labelAt(k) - labelAt(tick)) < minSpacingPx)) continue;
    kept.push(tick);
  }
  return kept.sort((a, b) => a.mgdl - b.mgdl);
}
