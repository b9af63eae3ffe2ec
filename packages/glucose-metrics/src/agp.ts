/**
 * Ambulatory Glucose Profile: the 5th, 25th, 50th, 75th and 95th percentile curves over the 24-hour
 * modal day (IDC AGP Report v5; Battelino 2019). Computed as iglu's `plot_agp` does before its
 * loess smoothing: for each slot of the 45-minute-gap day grid, the type-7 quantiles of the values
 * the days have there. We return the unsmoothed curves (the reference iglu output) and leave
 * smoothing to the chart.
 */
import { GridContext } from './grid-context.js';
import { toSeries, sortByTime } from './series.js';
import { quantileSorted, sortInPlace } from './stats.js';
import type { AgpBin, AgpOptions, AgpProfile, GlucoseInput, TimeZoneOptions } from './types.js';
import { checkZonedOptions, type UnitOptions } from './validation.js';
import { dayIndexOfSorted, localDays } from './zone.js';

/** Spec §5/§9: "AGP report needs at least 5 days of data". */
export const AGP_MIN_DAYS = 5;

const DEFAULT_BIN_MINUTES = 5;

/** Number of local calendar days holding at least one reading. */
export function daysWithData(times: Float64Array, timeZone: string): number {
  if (times.length === 0) return 0;
  const days = localDays(times[0]!, times[times.length - 1]!, timeZone);
  const idx = dayIndexOfSorted(days, times);
  let count = 0;
  let last = -1;
  for (let i = 0; i < idx.length; i++) {
    if (idx[i] !== last) {
      count++;
      last = idx[i]!;
    }
  }
  return count;
}

/**
 * Percentile curves per slot of `binMinutes` (must divide 1440; default: the trace's interval as
 * iglu infers it, 5 min for most sensors). Slot k sits at minute (k + 1)·binMinutes of the local
 * day, as iglu's grid (00:05 … 24:00 for 5-minute slots). Slots are wall-clock times, so the curves
 * stay aligned with the clock across DST changes.
 */
export function agpProfile(readings: GlucoseInput, options: AgpOptions & UnitOptions): AgpProfile {
  checkZonedOptions('agpProfile', options, ['timeZone', 'binMinutes', 'dayAlignment', 'unit']);
  const { binMinutes } = options;
  if (binMinutes !== undefined && !(Number.isInteger(binMinutes) && binMinutes > 0 && 1440 % binMinutes === 0)) {
    throw new RangeError(`binMinutes must be a whole number of minutes dividing 1440, got ${binMinutes}`);
  }
  const ctx = new GridContext(toSeries(readings, options, 'agpProfile'), options.timeZone, binMinutes, options.dayAlignment);
  const dt0 = binMinutes ?? (ctx.dt0 > 0 ? ctx.dt0 : DEFAULT_BIN_MINUTES);
  const slots = 1440 / dt0;
  const grid = ctx.grid(dt0);
  const bins: AgpBin[] = [];
  const nDays = grid === null ? 0 : grid.rows;
  const column = new Float64Array(nDays);
  for (let s = 0; s < slots; s++) {
    let n = 0;
    if (grid !== null) {
      for (let d = 0; d < nDays; d++) {
        const v = grid.wall[d * slots + s]!;
        if (!Number.isNaN(v)) column[n++] = v;
      }
    }
    sortInPlace(column, 0, n - 1);
    const q = (p: number): number | null => (n > 0 ? quantileSorted(column, p, n) : null);
    bins.push({ minuteOfDay: (s + 1) * dt0, count: n, p5: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95) });
  }
  return { binMinutes: dt0, days: daysWithData(ctx.sorted.time, options.timeZone), bins };
}

/** The spec's rule for showing the AGP report: readings on at least AGP_MIN_DAYS local calendar days. */
export function hasEnoughDataForAgp(readings: GlucoseInput, options: TimeZoneOptions & UnitOptions): boolean {
  checkZonedOptions('hasEnoughDataForAgp', options, ['timeZone', 'unit']);
  return daysWithData(sortByTime(toSeries(readings, options, 'hasEnoughDataForAgp')).time, options.timeZone) >= AGP_MIN_DAYS;
}
