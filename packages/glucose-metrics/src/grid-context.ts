/**
 * Lazily built grids for one trace, so `summarize` interpolates once and MODD, CONGA, MAGE and the
 * AGP share the result.
 */
import { buildDayGrid, type DayAlignment, type DayGrid, gridIntervalMinutes } from './day-grid.js';
import { MAGE_GRID_MINUTES } from './mage.js';
import { dedupeSorted, type Series, sortByTime } from './series.js';

export class GridContext {
  /** Time-sorted, one reading per timestamp (the last one, as `CGMS2DayByDay`). */
  readonly sorted: Series;
  readonly dt0: number;
  private grids = new Map<number, DayGrid | null>();

  constructor(
    series: Series,
    readonly timeZone: string,
    nominalMinutes?: number,
    readonly alignment: DayAlignment = 'clock',
  ) {
    this.sorted = dedupeSorted(sortByTime(series), 'last');
    this.dt0 = gridIntervalMinutes(this.sorted, nominalMinutes);
  }

  /** The grid at `dt0` minutes (default: the trace's own interval, as iglu infers it). */
  grid(dt0 = this.dt0): DayGrid | null {
    if (!(dt0 > 0)) return null;
    let g = this.grids.get(dt0);
    if (g === undefined) {
      g = buildDayGrid(this.sorted, this.timeZone, dt0, this.alignment);
      this.grids.set(dt0, g);
    }
    return g;
  }

  /** MAGE's grid is always 5 minutes; a 5-minute sensor shares it with MODD and CONGA. */
  mageGrid(): DayGrid | null {
    return this.sorted.time.length === 0 ? null : this.grid(MAGE_GRID_MINUTES);
  }
}
