/**
 * Maximum variation (spec §2 "max variation"; not in iglu). METRICS.md §2 advises against
 * repeating LAGE under another name and recommends the steepest change between consecutive raw
 * readings at most 45 minutes apart: the largest rise rate, the largest fall rate (mg/dL/min) and
 * the largest absolute step (mg/dL). Pairs across a longer gap are skipped because the change
 * between them happened at an unknown time.
 */
import { INTER_GAP_MINUTES } from './day-grid.js';
import { dedupeSorted, type Series, sortByTime, toSeries } from './series.js';
import type { MaxVariation, ReadingsInput } from './types.js';

const MINUTE_MS = 60_000;

export function maxVariationOfSeries(s: Series): MaxVariation | null {
  // A rate needs distinct times; for equal ones the grid's rule applies (keep the last).
  const d = dedupeSorted(sortByTime(s), 'last');
  let rise = Number.NEGATIVE_INFINITY;
  let fall = Number.POSITIVE_INFINITY;
  let step = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < d.time.length; i++) {
    const dtMin = (d.time[i]! - d.time[i - 1]!) / MINUTE_MS;
    if (dtMin > INTER_GAP_MINUTES) continue;
    const dg = d.mgdl[i]! - d.mgdl[i - 1]!;
    const rate = dg / dtMin;
    if (rate > rise) rise = rate;
    if (rate < fall) fall = rate;
    if (Math.abs(dg) > step) step = Math.abs(dg);
  }
  if (step === Number.NEGATIVE_INFINITY) return null;
  // A steadily falling trace has no rise and a rising one no fall: those are null, never a rate of
  // the wrong sign. A flat pair is both a (zero) rise and a (zero) fall.
  return { maxRiseRate: rise >= 0 ? rise : null, maxFallRate: fall <= 0 ? fall : null, maxAbsStep: step };
}

export function maxVariation(readings: ReadingsInput): MaxVariation | null {
  return maxVariationOfSeries(toSeries(readings));
}
