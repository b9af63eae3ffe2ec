/**
 * iglu's `CGMS2DayByDay` (METRICS.md §1): the readings interpolated onto a regular grid of local
 * days, with gaps longer than 45 minutes left empty (NaN). MODD, CONGA, MAGE and the AGP curves
 * are computed on this grid, never on raw readings.
 */
import { medianIntervalMinutes, type Series } from './series.js';
import { roundHalfEven } from './stats.js';
import { type LocalDays, localDays, wallClockTime } from './zone.js';

const MINUTE_MS = 60_000;

/** iglu's `inter_gap`: interpolation never bridges a gap longer than this (minutes). */
export const INTER_GAP_MINUTES = 45;

/**
 * iglu's grid step `dt0` from a sorted, duplicate-free trace: the median spacing rounded (half to
 * even, as R), then forced to divide the 1440-minute day (above 20 min it becomes 20, otherwise
 * the nearest multiple of 5). NaN for fewer than two readings or when the result exceeds the
 * 45-minute gap rule (iglu stops with an error there).
 */
export function gridIntervalMinutes(sorted: Series, nominal?: number): number {
  let dt0: number;
  if (nominal !== undefined) dt0 = nominal;
  else {
    if (sorted.time.length < 2) return Number.NaN;
    dt0 = roundHalfEven(medianIntervalMinutes(sorted));
  }
  if (!(dt0 > 0) || 1440 % dt0 !== 0) {
    if (dt0 > 20) dt0 = 20;
    else {
      const r = dt0 % 5;
      dt0 = r > 2 ? dt0 - r + 5 : dt0 - r;
    }
  }
  // Sub-minute sampling would round to 0, where iglu fails; a 1-minute grid is the sensible limit.
  if (dt0 < 1) dt0 = 1;
  if (dt0 > INTER_GAP_MINUTES) return Number.NaN;
  return dt0;
}

/**
 * Linear interpolation (R's `approx`, exact times) of a sorted, duplicate-free trace at
 * non-decreasing instants. NaN before the first reading, after the last, and strictly inside any
 * pair of readings more than `interGapMinutes` apart. One merge-like pass: O(readings + points).
 */
export function interpolateAt(
  s: Series,
  at: ArrayLike<number>,
  interGapMinutes = INTER_GAP_MINUTES,
): Float64Array {
  return interpolate(s, at.length, (k) => at[k]!, interGapMinutes);
}

/**
 * The same on the regular instants start + (k + 1)·step, without materialising them (a separate
 * loop rather than a callback: this runs on every grid point of a year).
 */
export function interpolateRegular(
  s: Series,
  start: number,
  step: number,
  count: number,
  interGapMinutes = INTER_GAP_MINUTES,
): Float64Array {
  const out = new Float64Array(count);
  const t = s.time;
  const g = s.mgdl;
  const n = t.length;
  if (n === 0) return out.fill(Number.NaN);
  const maxGap = interGapMinutes * MINUTE_MS;
  const first = t[0]!;
  const last = t[n - 1]!;
  let j = 0;
  for (let k = 0; k < count; k++) {
    const x = start + (k + 1) * step;
    if (x < first || x > last) {
      out[k] = Number.NaN;
      continue;
    }
    while (j + 1 < n && t[j + 1]! <= x) j++;
    const t0 = t[j]!;
    if (x === t0) {
      out[k] = g[j]!;
      continue;
    }
    const t1 = t[j + 1]!;
    if (t1 - t0 > maxGap) {
      out[k] = Number.NaN;
      continue;
    }
    const y0 = g[j]!;
    out[k] = y0 + (g[j + 1]! - y0) * ((x - t0) / (t1 - t0));
  }
  return out;
}

function interpolate(s: Series, count: number, timeOf: (k: number) => number, interGapMinutes: number): Float64Array {
  const out = new Float64Array(count);
  const t = s.time;
  const g = s.mgdl;
  const n = t.length;
  if (n === 0) return out.fill(Number.NaN);
  const maxGap = interGapMinutes * MINUTE_MS;
  const first = t[0]!;
  const last = t[n - 1]!;
  // Start the merge at the first query by bisection: a single day's slots may lie deep in a year.
  let j = 0;
  if (count > 0) {
    const x0 = timeOf(0);
    let hi = n - 1;
    while (hi - j > 1) {
      const mid = (j + hi) >>> 1;
      if (t[mid]! <= x0) j = mid;
      else hi = mid;
    }
  }
  for (let k = 0; k < count; k++) {
    const x = timeOf(k);
    if (x < first || x > last) {
      out[k] = Number.NaN;
      continue;
    }
    while (j + 1 < n && t[j + 1]! <= x) j++;
    const t0 = t[j]!;
    if (x === t0) {
      out[k] = g[j]!;
      continue;
    }
    const t1 = t[j + 1]!;
    if (t1 - t0 > maxGap) {
      out[k] = Number.NaN;
      continue;
    }
    const y0 = g[j]!;
    out[k] = y0 + (g[j + 1]! - y0) * ((x - t0) / (t1 - t0));
  }
  return out;
}

/**
 * How MODD and the AGP line up days in a zone with DST: 'clock' (default) compares the same clock
 * time; 'absolute' reproduces iglu, whose slots are fixed 24-hour steps from the first midnight.
 * Identical in zones without DST.
 */
export type DayAlignment = 'clock' | 'absolute';

/** The grid of one trace: `values[d * slotsPerDay + s]` is day d at minute (s + 1)·dt0. */
export interface DayGrid {
  dt0: number;
  slotsPerDay: number;
  days: LocalDays;
  /** Rows of `wall` (days of the grid). */
  rows: number;
  /**
   * Day-by-slot grid read by MODD and the AGP: with alignment 'clock', slot s of every row is the
   * same clock time; with 'absolute' (iglu), the flat grid cut into rows of 24 h.
   */
  wall: Float64Array;
  /**
   * Absolute grid: first local midnight + k·dt0 (iglu's definition; CONGA, MAGE, which need equal
   * spacing in real time). The same array as `wall` when no day of the span is 23 or 25 h long.
   */
  flat: Float64Array;
}

/**
 * Builds the grid of a sorted, duplicate-free trace. iglu's rows run 00:00+dt0 … 24:00 of each
 * local day; we cover every local day from the first reading's to the last reading's (iglu may add
 * one trailing all-NA day, which changes no metric).
 *
 * Difference from iglu, on purpose: iglu's grid is always absolute, so in a zone with DST the slots
 * of the days after a clock change drift by an hour against the clock. `wall` keeps MODD and the
 * AGP on clock times; in zones without DST both grids equal iglu's exactly.
 */
export function buildDayGrid(
  sorted: Series,
  timeZone: string,
  dt0: number,
  alignment: DayAlignment = 'clock',
): DayGrid | null {
  const n = sorted.time.length;
  if (n === 0 || !(dt0 > 0)) return null;
  const days = localDays(sorted.time[0]!, sorted.time[n - 1]!, timeZone);
  const slotsPerDay = 1440 / dt0;
  const nDays = days.dates.length;
  const step = dt0 * MINUTE_MS;
  const start = days.starts[0]!;
  // Whole rows through the last local midnight, which lies after the last reading (a 25-hour day
  // can need one more row).
  const rows = Math.ceil((days.starts[nDays]! - start) / step / slotsPerDay);
  const flat = interpolateRegular(sorted, start, step, rows * slotsPerDay);
  if (days.regular || alignment === 'absolute') return { dt0, slotsPerDay, days, rows, wall: flat, flat };
  // On a 24-hour day the clock slots are the absolute grid shifted by the offset change since the
  // first midnight (a whole number of steps for any real zone and 5- or 15-minute grids), so they
  // are copied; only the 23/25-hour days, or odd shifts, are interpolated afresh.
  const wall = new Float64Array(nDays * slotsPerDay);
  for (let d = 0; d < nDays; d++) {
    const dayStart = days.starts[d]!;
    const shiftMs = dayStart - (start + d * 86_400_000);
    const row = d * slotsPerDay;
    if (days.starts[d + 1]! - dayStart === 86_400_000 && shiftMs % step === 0) {
      const base = row + shiftMs / step;
      for (let s = 0; s < slotsPerDay; s++) {
        const k = base + s;
        wall[row + s] = k >= 0 && k < flat.length ? flat[k]! : Number.NaN;
      }
    } else {
      const times = new Float64Array(slotsPerDay);
      for (let s = 0; s < slotsPerDay; s++) times[s] = wallClockTime(days, d, (s + 1) * dt0);
      wall.set(interpolateAt(sorted, times), row);
    }
  }
  return { dt0, slotsPerDay, days, rows: nDays, wall, flat };
}
