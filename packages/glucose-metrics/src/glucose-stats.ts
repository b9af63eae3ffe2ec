/**
 * Reading-based summary statistics (METRICS.md §2, family 1): every reading counts once, no time
 * weighting, duplicates kept, as iglu's `mean_glu`, `sd_glu`, `cv_glu`, `range_glu`, `j_index`.
 */
import { toSeries } from './series.js';
import { meanOf, naToNull, sampleSd } from './stats.js';
import type { ReadingsInput } from './types.js';

export interface BasicStats {
  count: number;
  mean: number;
  min: number;
  max: number;
  /** Sample SD (n − 1), NaN for fewer than two readings. */
  sd: number;
}

export function basicStats(mgdl: ArrayLike<number>): BasicStats {
  const n = mgdl.length;
  if (n === 0) return { count: 0, mean: Number.NaN, min: Number.NaN, max: Number.NaN, sd: Number.NaN };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const g = mgdl[i]!;
    if (g < min) min = g;
    if (g > max) max = g;
  }
  return { count: n, mean: meanOf(mgdl), min, max, sd: sampleSd(mgdl) };
}

/** CV = 100·SD/mean, %. Consensus target ≤ 36 % (Battelino 2019). iglu `cv_glu`. */
export function cvFrom(mean: number, sd: number): number {
  return (100 * sd) / mean;
}

/** J-index = 0.001·(mean + SD)², Wojcicki 1995, iglu `j_index` (sample SD). */
export function jIndexFrom(mean: number, sd: number): number {
  return 0.001 * (mean + sd) * (mean + sd);
}

export function meanGlucose(readings: ReadingsInput): number | null {
  return naToNull(basicStats(toSeries(readings).mgdl).mean);
}

export function minGlucose(readings: ReadingsInput): number | null {
  return naToNull(basicStats(toSeries(readings).mgdl).min);
}

export function maxGlucose(readings: ReadingsInput): number | null {
  return naToNull(basicStats(toSeries(readings).mgdl).max);
}

export function sdGlucose(readings: ReadingsInput): number | null {
  return naToNull(basicStats(toSeries(readings).mgdl).sd);
}

export function cvGlucose(readings: ReadingsInput): number | null {
  const s = basicStats(toSeries(readings).mgdl);
  return naToNull(cvFrom(s.mean, s.sd));
}

/** LAGE, largest amplitude of glycaemic excursions = max − min (iglu `range_glu`). */
export function lage(readings: ReadingsInput): number | null {
  const s = basicStats(toSeries(readings).mgdl);
  return naToNull(s.max - s.min);
}

export function jIndex(readings: ReadingsInput): number | null {
  const s = basicStats(toSeries(readings).mgdl);
  return naToNull(jIndexFrom(s.mean, s.sd));
}
