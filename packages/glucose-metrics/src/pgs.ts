/**
 * PGS, personal glycaemic state (Hirsch et al., Diabetes Technol Ther 2017;19:S-37; iglu `pgs`):
 * five logistic-style scores, each 1 (best) to 10 (0.5 to 5 for the episode terms), summed. Low
 * is good; iglu reads < 7 excellent. The episode terms count events per week found with a 20-minute
 * start rule and a 30-minute end rule, as iglu's `pgs` asks `episode_calculation` for.
 */
import { episodesOfGrid } from './episodes.js';
import { basicStats } from './glucose-stats.js';
import { GridContext } from './grid-context.js';
import { gvpOfGrid } from './grid-variability.js';
import type { GridOptions } from './grid-variability.js';
import { type Series, toSeries } from './series.js';
import { naToNull } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkZonedOptions, GRID_KEYS } from './validation.js';

export const PGS_EPISODE_RULES = { minDurationMinutes: 20, endDurationMinutes: 30 } as const;

export function pgsFrom(gvp: number, tir: number, mean: number, level2HypoPerWeek: number, level1ExclusiveHypoPerWeek: number): number {
  const fGvp = 1 + 9 / (1 + Math.exp(-0.049 * (gvp - 65.47)));
  const fTir = 1 + 9 / (1 + Math.exp(0.0833 * (tir - 55.04)));
  const fMean = 1 + 9 * (1 / (1 + Math.exp(0.1139 * (mean - 72.08))) + 1 / (1 + Math.exp(-0.09195 * (mean - 157.57))));
  const f54 = 0.5 + 4.5 * (1 - Math.exp(-0.81093 * level2HypoPerWeek));
  const n70 = level1ExclusiveHypoPerWeek;
  const f70 = n70 <= 7.65 ? 0.5714 * n70 + 0.625 : 5;
  return fGvp + fTir + fMean + f54 + f70;
}

/** PGS of a prepared trace; null when GVP or the episode rate is undefined (too little data). */
export function pgsOfSeries(s: Series, ctx: GridContext): number | null {
  const grid = ctx.grid();
  if (grid === null || s.mgdl.length === 0) return null;
  const gvp = gvpOfGrid(grid);
  const ep = episodesOfGrid(grid, ctx.sorted, PGS_EPISODE_RULES);
  const n54 = ep.hypoLevel2.perDay;
  const n70 = ep.hypoLevel1Exclusive.perDay;
  if (Number.isNaN(gvp) || n54 === null || n70 === null) return null;
  const mean = basicStats(s.mgdl).mean;
  let inRange = 0;
  for (let i = 0; i < s.mgdl.length; i++) if (s.mgdl[i]! >= 70 && s.mgdl[i]! <= 180) inRange++;
  return naToNull(pgsFrom(gvp, (100 * inRange) / s.mgdl.length, mean, n54 * 7, n70 * 7));
}

/** Personal glycaemic state (sum of five scores; lower is better); null with too little data. */
export function pgs(readings: GlucoseInput, options: GridOptions): number | null {
  checkZonedOptions('pgs', options, GRID_KEYS);
  const s = toSeries(readings, options, 'pgs');
  return pgsOfSeries(s, new GridContext(s, options.timeZone, options.intervalMinutes, options.dayAlignment));
}
