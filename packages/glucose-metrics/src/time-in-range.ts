/**
 * Time in ranges (Battelino et al., Diabetes Care 2019;42:1593, doi:10.2337/dci19-0028), as iglu's
 * `in_range_percent`, `below_percent` and `above_percent`: a percentage of READINGS (every reading
 * counts once, not time-weighted), the target range inclusive at both ends, "below" and "above"
 * strict.
 */
import { resolveRanges } from './ranges.js';
import { toSeries } from './series.js';
import type { GlucoseRanges, RangePercentages, ReadingsInput } from './types.js';

export interface BandCounts {
  n: number;
  veryLow: number;
  low: number;
  target: number;
  high: number;
  veryHigh: number;
}

/** Counts readings per band: < veryLow, [veryLow, low), [low, high], (high, veryHigh], > veryHigh. */
export function countBands(mgdl: ArrayLike<number>, r: GlucoseRanges): BandCounts {
  let veryLow = 0;
  let low = 0;
  let target = 0;
  let high = 0;
  let veryHigh = 0;
  for (let i = 0; i < mgdl.length; i++) {
    const g = mgdl[i]!;
    if (g < r.low) {
      if (g < r.veryLow) veryLow++;
      else low++;
    } else if (g <= r.high) target++;
    else if (g > r.veryHigh) veryHigh++;
    else high++;
  }
  return { n: mgdl.length, veryLow, low, target, high, veryHigh };
}

export function bandPercentages(c: BandCounts): RangePercentages {
  if (c.n === 0) return { veryLow: 0, low: 0, target: 0, high: 0, veryHigh: 0 };
  const p = (k: number): number => (k * 100) / c.n;
  return { veryLow: p(c.veryLow), low: p(c.low), target: p(c.target), high: p(c.high), veryHigh: p(c.veryHigh) };
}

/**
 * Percent of readings in the five bands (sum 100). All zero for an empty input, so a chart can
 * draw it without a special case; `summarize` reports null there instead.
 */
export function timeInRanges(readings: ReadingsInput, ranges?: Partial<GlucoseRanges>): RangePercentages {
  return bandPercentages(countBands(toSeries(readings).mgdl, resolveRanges(ranges)));
}

function percentWhere(readings: ReadingsInput, test: (g: number) => boolean): number | null {
  const { mgdl } = toSeries(readings);
  if (mgdl.length === 0) return null;
  let k = 0;
  for (let i = 0; i < mgdl.length; i++) if (test(mgdl[i]!)) k++;
  return (k * 100) / mgdl.length;
}

/** % of readings with low ≤ g ≤ high (iglu `in_range_percent`). Default 70–180; 70–140 "tight", 63–140 pregnancy. */
export function timeInRange(readings: ReadingsInput, low = 70, high = 180): number | null {
  return percentWhere(readings, (g) => g >= low && g <= high);
}

/** % of readings with g > threshold (iglu `above_percent`). TAR is 180, Level 2 is 250. */
export function timeAboveRange(readings: ReadingsInput, threshold = 180): number | null {
  return percentWhere(readings, (g) => g > threshold);
}

/** % of readings with g < threshold (iglu `below_percent`). TBR is 70, Level 2 is 54. */
export function timeBelowRange(readings: ReadingsInput, threshold = 70): number | null {
  return percentWhere(readings, (g) => g < threshold);
}
