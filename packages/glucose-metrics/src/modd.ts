/**
 * MODD, mean of daily differences (Molnar et al., Diabetologia 1972; Service & Nelson 1980):
 * the mean |g(day d, slot s) − g(day d − lag, slot s)| over every slot where both days have a value
 * on the 45-minute-gap grid. iglu `modd` (default lag 1).
 */
import type { DayAlignment, DayGrid } from './day-grid.js';
import { GridContext } from './grid-context.js';
import { toSeries } from './series.js';
import { naToNull } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkZonedOptions, GRID_KEYS, type UnitOptions } from './validation.js';

export function moddOfGrid(grid: DayGrid, lagDays = 1): number {
  const w = grid.wall;
  const offset = lagDays * grid.slotsPerDay;
  let sum = 0;
  let n = 0;
  for (let k = offset; k < w.length; k++) {
    const a = w[k]!;
    const b = w[k - offset]!;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    sum += Math.abs(a - b);
    n++;
  }
  return n > 0 ? sum / n : Number.NaN;
}

export interface GridMetricOptions extends UnitOptions {
  /** IANA zone where days are cut. Required. */
  timeZone: string;
  /** Nominal sensor interval; default inferred from the median spacing as iglu does. */
  intervalMinutes?: number;
  /** 'clock' (default) or 'absolute' (iglu) day alignment in zones with DST. */
  dayAlignment?: DayAlignment;
}

export function modd(readings: GlucoseInput, options: GridMetricOptions & { lagDays?: number }): number | null {
  checkZonedOptions('modd', options, [...GRID_KEYS, 'lagDays']);
  const ctx = new GridContext(toSeries(readings, options, 'modd'), options.timeZone, options.intervalMinutes, options.dayAlignment);
  const g = ctx.grid();
  return g === null ? null : naToNull(moddOfGrid(g, options.lagDays ?? 1));
}
