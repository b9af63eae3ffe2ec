/**
 * How much of the wear period the sensor actually recorded. Consensus: ≥ 70 % of 14 days
 * (Battelino 2019; ADA Standards of Care Table 6.2). Both measures run from the first to the last
 * reading, not over a requested window.
 */
import { dedupeSorted, medianIntervalMinutes, type Series, sortByTime, toSeries } from './series.js';
import { roundHalfEven } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkOptions, type UnitOptions } from './validation.js';

const MINUTE_MS = 60_000;

/**
 * iglu `active_percent`, "automatic" mode (METRICS.md §2). With dt0 = round(median Δt):
 * expected = round(round(span)/dt0) + 1 readings; every interval whose rounded length exceeds dt0
 * is a gap, missing = round((Σ gap lengths − n_gaps·dt0)/dt0); active = 100·(expected − missing)/expected.
 * Readings that share a timestamp are averaged first, as iglu does. `nominal` replaces the inferred
 * dt0 (the sensor's nominal interval).
 */
export function activePercentOfSeries(s: Series, nominal?: number): number | null {
  const d = dedupeSorted(sortByTime(s), 'mean');
  const n = d.time.length;
  if (n < 2) return null;
  const dt0 = nominal ?? roundHalfEven(medianIntervalMinutes(d));
  if (!(dt0 > 0)) return null;
  const span = (d.time[n - 1]! - d.time[0]!) / MINUTE_MS;
  const expected = roundHalfEven(roundHalfEven(span) / dt0) + 1;
  let gapSum = 0;
  let gaps = 0;
  for (let i = 1; i < n; i++) {
    const dt = (d.time[i]! - d.time[i - 1]!) / MINUTE_MS;
    // The cheap test first: below dt0 + ½ the rounded interval cannot exceed dt0.
    if (dt >= dt0 + 0.5 && roundHalfEven(dt) > dt0) {
      gapSum += dt;
      gaps++;
    }
  }
  const missing = roundHalfEven((gapSum - gaps * dt0) / dt0);
  return (100 * (expected - missing)) / expected;
}

/**
 * Effective data rate (not in iglu; METRICS.md §2 proposal): 100·N/(round(span/dt0) + 1), the
 * readings received over the readings a sensor at dt0 = round(median Δt) would give from the
 * first to the last reading. N counts every reading, so a value above 100 reveals duplicates or
 * over-sampling. On gap-free-or-gappy data without duplicates it equals `activePercent`.
 */
export function effectiveDataRateOfSeries(s: Series, nominal?: number): number | null {
  const sorted = sortByTime(s);
  const d = dedupeSorted(sorted, 'last');
  const n = d.time.length;
  if (n < 2) return null;
  const dt0 = nominal ?? roundHalfEven(medianIntervalMinutes(d));
  if (!(dt0 > 0)) return null;
  const span = (d.time[n - 1]! - d.time[0]!) / MINUTE_MS;
  return (100 * sorted.time.length) / (roundHalfEven(span / dt0) + 1);
}

export function activePercent(readings: GlucoseInput, options: { intervalMinutes?: number } & UnitOptions = {}): number | null {
  checkOptions('activePercent', options, ['intervalMinutes', 'unit']);
  return activePercentOfSeries(toSeries(readings, options, 'activePercent'), options.intervalMinutes);
}

export function effectiveDataRate(
  readings: GlucoseInput,
  options: { intervalMinutes?: number } & UnitOptions = {},
): number | null {
  checkOptions('effectiveDataRate', options, ['intervalMinutes', 'unit']);
  return effectiveDataRateOfSeries(toSeries(readings, options, 'effectiveDataRate'), options.intervalMinutes);
}
