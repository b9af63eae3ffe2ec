/**
 * Variability measures on the 45-minute-gap grid (METRICS.md §9; iglu's grid, days one after the
 * other, empty slots kept):
 * - MAG, mean absolute glucose change per hour (Hermanides 2010, doi:10.1097/CCM.0b013e3181cc4be9):
 *   every (n/dt0)-th grid value from the first, Σ|Δ| over the differences that exist, divided by
 *   their count · n/60. n defaults to dt0 (the choice; iglu's `mag` default is 60).
 * - GVP, glycaemic variability percentage (Peyser 2018, doi:10.1089/dia.2017.0187): the length of
 *   the trace line over its flat length, minus 1, in %.
 * - SD-ROC: SD of the 15-minute rate of change (x[k] − x[k − L])/(L·dt0), L = 15/dt0 (iglu `roc`).
 * - AUC per hour (iglu `auc`): trapezoids between grid values, per local calendar day, area over
 *   the hours covered, averaged over days.
 */
import type { DayGrid } from './day-grid.js';
import { GridContext } from './grid-context.js';
import { toSeries } from './series.js';
import { naToNull, roundHalfEven, sampleSd } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkZonedOptions, GRID_KEYS, type UnitOptions } from './validation.js';

export interface GridOptions extends UnitOptions {
  /** IANA zone where days are cut. Required. */
  timeZone: string;
  /** Nominal sensor interval; default inferred from the median spacing as iglu does. */
  intervalMinutes?: number;
  /** 'clock' (default) or 'absolute' (iglu) day alignment in zones with DST. */
  dayAlignment?: 'clock' | 'absolute';
}

export function magOfGrid(grid: DayGrid, minutes = grid.dt0): number {
  const f = grid.flat;
  const step = Math.max(1, roundHalfEven(minutes / grid.dt0));
  let sum = 0;
  let count = 0;
  for (let k = step; k < f.length; k += step) {
    const d = f[k]! - f[k - step]!;
    if (Number.isNaN(d)) continue;
    sum += Math.abs(d);
    count++;
  }
  return count > 0 ? sum / ((count * step * grid.dt0) / 60) : Number.NaN;
}

export function gvpOfGrid(grid: DayGrid): number {
  const f = grid.flat;
  const dt = grid.dt0;
  let length = 0;
  let count = 0;
  for (let k = 1; k < f.length; k++) {
    const d = f[k]! - f[k - 1]!;
    if (Number.isNaN(d)) continue;
    length += Math.sqrt(dt * dt + d * d);
    count++;
  }
  return count > 0 ? (length / (count * dt) - 1) * 100 : Number.NaN;
}

export function sdRocOfGrid(grid: DayGrid): number {
  const f = grid.flat;
  // 15 minutes in grid steps (3 at 5 min, 1 at 15 min); at least one step for coarser grids.
  const lag = Math.max(1, roundHalfEven(15 / grid.dt0));
  const rates = new Float64Array(f.length);
  let n = 0;
  for (let k = lag; k < f.length; k++) {
    const r = (f[k]! - f[k - lag]!) / (lag * grid.dt0);
    if (!Number.isNaN(r)) rates[n++] = r;
  }
  return sampleSd(rates, n);
}

/**
 * Hourly AUC on real local days: each trapezoid belongs to the day its interval starts in, so a
 * day runs 00:00–24:00 including the step from the previous day's last slot. iglu labels its
 * "days" by recycling the date vector along the grid (METRICS.md §6), which mixes days; on
 * Subject 1 that moves the value by well under 1 %, but the grouping is not a calendar day.
 */
export function aucHourlyOfGrid(grid: DayGrid): number {
  const f = grid.flat;
  const step = grid.dt0 * 60_000;
  const origin = grid.days.starts[0]!;
  const bounds = grid.days.starts;
  const lastDay = bounds.length - 2;
  let day = 0;
  let area = 0;
  let intervals = 0;
  let sum = 0;
  let days = 0;
  const close = (): void => {
    if (intervals > 0) {
      // area in mg/dL·min over minutes covered = the day's mean by the trapezoid rule.
      sum += area / (intervals * grid.dt0);
      days++;
    }
    area = 0;
    intervals = 0;
  };
  for (let k = 1; k < f.length; k++) {
    const tStart = origin + k * step; // time of grid point k − 1
    while (day < lastDay && tStart >= bounds[day + 1]!) {
      close();
      day++;
    }
    const a = f[k - 1]!;
    const b = f[k]!;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    area += ((a + b) / 2) * grid.dt0;
    intervals++;
  }
  close();
  return days > 0 ? sum / days : Number.NaN;
}

function gridOf(readings: GlucoseInput, options: GridOptions, fn: string, extra: readonly string[] = []): DayGrid | null {
  checkZonedOptions(fn, options, [...GRID_KEYS, ...extra]);
  const ctx = new GridContext(toSeries(readings, options, fn), options.timeZone, options.intervalMinutes, options.dayAlignment);
  return ctx.grid();
}

/** MAG, mg/dL per hour; `minutes` is the sampling n (default: the grid step). null when undefined. */
export function mag(readings: GlucoseInput, options: GridOptions & { magMinutes?: number }): number | null {
  const g = gridOf(readings, options, 'mag', ['magMinutes']);
  return g === null ? null : naToNull(magOfGrid(g, options.magMinutes));
}

/** GVP, %; null when the grid has no two consecutive values. */
export function gvp(readings: GlucoseInput, options: GridOptions): number | null {
  const g = gridOf(readings, options, 'gvp');
  return g === null ? null : naToNull(gvpOfGrid(g));
}

/** SD of the 15-minute rate of change, mg/dL/min; null with fewer than two rates. */
export function sdRoc(readings: GlucoseInput, options: GridOptions): number | null {
  const g = gridOf(readings, options, 'sdRoc');
  return g === null ? null : naToNull(sdRocOfGrid(g));
}

/** Hourly AUC (mg/dL·h per h of data), mean over local days; null without two grid values. */
export function aucHourly(readings: GlucoseInput, options: GridOptions): number | null {
  const g = gridOf(readings, options, 'aucHourly');
  return g === null ? null : naToNull(aucHourlyOfGrid(g));
}
