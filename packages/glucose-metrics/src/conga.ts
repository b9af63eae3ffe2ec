/**
 * CONGA(n), continuous overall net glycaemic action (McDonnell et al., Diabetes Technol Ther
 * 2005;7:253): the SD of g(t) − g(t − n hours) over the 45-minute-gap grid, pairs where both values
 * exist. iglu `conga`, whose lag is round(60/dt0)·n grid steps.
 */
import type { DayGrid } from './day-grid.js';
import { GridContext } from './grid-context.js';
import type { GridMetricOptions } from './modd.js';
import { toSeries } from './series.js';
import { naToNull, roundHalfEven } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkZonedOptions, GRID_KEYS } from './validation.js';

export function congaOfGrid(grid: DayGrid, hours = 1): number {
  const f = grid.flat;
  const lag = roundHalfEven(60 / grid.dt0) * hours;
  if (lag <= 0 || lag >= f.length) return Number.NaN;
  // Two passes over the grid (mean, then squared deviations) instead of storing the differences.
  let n = 0;
  let sum = 0;
  for (let k = lag; k < f.length; k++) {
    const d = f[k]! - f[k - lag]!;
    if (!Number.isNaN(d)) {
      sum += d;
      n++;
    }
  }
  if (n < 2) return Number.NaN;
  const mean = sum / n;
  let ss = 0;
  for (let k = lag; k < f.length; k++) {
    const d = f[k]! - f[k - lag]!;
    if (!Number.isNaN(d)) ss += (d - mean) * (d - mean);
  }
  return Math.sqrt(ss / (n - 1));
}

/** Default n = 1 h (McDonnell's CONGA1); pass `hours: 24` for iglu's default. */
export function conga(readings: GlucoseInput, options: GridMetricOptions & { hours?: number }): number | null {
  checkZonedOptions('conga', options, [...GRID_KEYS, 'hours']);
  const ctx = new GridContext(toSeries(readings, options, 'conga'), options.timeZone, options.intervalMinutes);
  const g = ctx.grid();
  return g === null ? null : naToNull(congaOfGrid(g, options.hours ?? 1));
}
