/**
 * Glycemia Risk Index. Klonoff et al., J Diabetes Sci Technol 2023;17:1226,
 * doi:10.1177/19322968221085273; iglu `gri`.
 * Hypo component = VLow + 0.8·Low, hyper component = VHigh + 0.5·High,
 * GRI = min(100, 3.0·hypo + 1.6·hyper), with VLow = %<54, Low = %[54,70), High = %(180,250],
 * VHigh = %>250. The thresholds are part of the index's definition, so a custom target range
 * never changes them. Zones: A 0–20, B 21–40, C 41–60, D 61–80, E 81–100.
 */
import { DEFAULT_RANGES } from './ranges.js';
import { dedupeSorted, type Series, sortByTime, toSeries } from './series.js';
import { bandPercentages, countBands } from './time-in-range.js';
import type { ReadingsInput } from './types.js';

export interface GriResult {
  gri: number;
  hypo: number;
  hyper: number;
}

/** On a series; like iglu (`check_data_time`), readings sharing a timestamp are averaged first. */
export function griOfSeries(s: Series): GriResult | null {
  const d = dedupeSorted(sortByTime(s), 'mean');
  if (d.mgdl.length === 0) return null;
  const p = bandPercentages(countBands(d.mgdl, DEFAULT_RANGES));
  const hypo = p.veryLow + 0.8 * p.low;
  const hyper = p.veryHigh + 0.5 * p.high;
  // The expanded weights, as published and as iglu writes them (same value as 3·hypo + 1.6·hyper).
  const gri = Math.min(100, 3.0 * p.veryLow + 2.4 * p.low + 1.6 * p.veryHigh + 0.8 * p.high);
  return { gri, hypo, hyper };
}

export function gri(readings: ReadingsInput): GriResult | null {
  return griOfSeries(toSeries(readings));
}
