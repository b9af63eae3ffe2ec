import type { GlucoseRanges } from '@cgm-portal/glucose-metrics';
import { MGDL_PER_MMOL, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import type { GlucoseUnit } from '../units';

export interface GlucoseTick {
  mgdl: number;
  kind: 'veryLow' | 'low' | 'high' | 'veryHigh' | 'round';
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
 * Ticks of a glucose axis: the range thresholds first (they are what a reader looks for), then
 * round values, dropping any tick that would overlap one already kept.
 */
export function glucoseTicks(options: {
  ranges: GlucoseRanges;
  unit: GlucoseUnit;
  domain: [number, number];
  pxPerMgdl: number;
  minSpacingPx: number;
}): GlucoseTick[] {
  const { ranges, unit, domain, pxPerMgdl, minSpacingPx } = options;
  const candidates: GlucoseTick[] = [
    { mgdl: ranges.low, kind: 'low' },
    { mgdl: ranges.high, kind: 'high' },
    { mgdl: ranges.veryLow, kind: 'veryLow' },
    { mgdl: ranges.veryHigh, kind: 'veryHigh' },
  ];
  const step = unit === 'mmol/L' ? 2 * MGDL_PER_MMOL : 50;
  const roundValues: number[] = [];
  for (let v = step; v <= domain[1] + 0.01; v += step) roundValues.push(v);
  if (unit === 'mg/dL' && domain[1] >= SENSOR_MAX_MGDL) roundValues.push(SENSOR_MAX_MGDL);
  // Largest round values first so the top of the axis gets a label.
  roundValues.sort((a, b) => b - a);
  for (const mgdl of roundValues) candidates.push({ mgdl, kind: 'round' });
  const kept: GlucoseTick[] = [];
  for (const tick of candidates) {
    if (tick.mgdl < Math.max(domain[0], SENSOR_MIN_MGDL) || tick.mgdl > domain[1]) continue;
    if (kept.some((k) => Math.abs(k.mgdl - tick.mgdl) * pxPerMgdl < minSpacingPx)) continue;
    kept.push(tick);
  }
  return kept.sort((a, b) => a.mgdl - b.mgdl);
}
