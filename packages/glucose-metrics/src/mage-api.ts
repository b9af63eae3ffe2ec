import { GridContext } from './grid-context.js';
import { combineMageSegments, MAGE_GRID_MINUTES, type MageOptions, mageSegmentsOfGrid } from './mage.js';
import { toSeries } from './series.js';
import { naToNull } from './stats.js';
import type { GlucoseInput } from './types.js';
import { checkZonedOptions, type UnitOptions } from './validation.js';

/** MAGE (iglu `mage`, method "ma"), mg/dL; default direction "avg". null where iglu gives NA. */
export function mage(readings: GlucoseInput, options: MageOptions): number | null {
  checkZonedOptions('mage', options, ['timeZone', 'direction', 'unit']);
  const ctx = new GridContext(toSeries(readings, options, 'mage'), options.timeZone);
  const g = ctx.mageGrid();
  if (g === null) return null;
  const segs = mageSegmentsOfGrid(g.flat);
  return segs === null ? null : naToNull(combineMageSegments(segs, options.direction ?? 'avg'));
}

export interface MageSegmentResult {
  /** Epoch ms of the segment's first and last 5-minute grid points. */
  start: number;
  end: number;
  /** Mean upward excursion, mg/dL (null: none). */
  plus: number | null;
  /** Mean downward excursion, mg/dL, positive (null: none). */
  minus: number | null;
  /** Whether the first excursion is upward (direction "service" uses that one). */
  plusFirst: boolean;
}

/**
 * MAGE+ and MAGE− per segment (the trace is split at gaps over 3 h), like iglu's
 * `mage(return_type = "df")`. Segments too short or too flat have both null.
 */
export function mageSegments(readings: GlucoseInput, options: { timeZone: string } & UnitOptions): MageSegmentResult[] {
  checkZonedOptions('mageSegments', options, ['timeZone', 'unit']);
  const ctx = new GridContext(toSeries(readings, options, 'mageSegments'), options.timeZone);
  const g = ctx.mageGrid();
  if (g === null) return [];
  const segs = mageSegmentsOfGrid(g.flat) ?? [];
  const origin = g.days.starts[0]!;
  const step = MAGE_GRID_MINUTES * 60_000;
  return segs.map((s) => ({
    start: origin + (s.first + 1) * step,
    end: origin + (s.last + 1) * step,
    plus: naToNull(s.plus),
    minus: naToNull(s.minus),
    plusFirst: s.plusFirst,
  }));
}
