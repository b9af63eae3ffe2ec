/**
 * Glycaemic episodes, the consensus "events" (Battelino et al., Lancet Diabetes Endocrinol
 * 2023;11:42, doi:10.1016/S2213-8587(22)00319-9; iglu `episode_calculation`; METRICS.md §9):
 * an event starts once glucose stays beyond a threshold for at least 15 minutes, and ends only
 * once it stays back on the other side for at least 15 minutes, so a brief excursion back across
 * the threshold does not split it. Detected on the 45-minute-gap grid; a run of empty slots (a gap
 * in the data) ends any open event, because what happened inside the gap is unknown.
 */
import type { DayGrid } from './day-grid.js';
import { GridContext } from './grid-context.js';
import { type Series, toSeries } from './series.js';
import type { GlucoseInput, GlucoseRanges } from './types.js';
import { checkZonedOptions, EPISODE_THRESHOLD_KEYS, GRID_KEYS, WINDOW_KEYS, type UnitOptions } from './validation.js';

/** Thresholds (mg/dL) and durations (minutes); every field has the consensus default. */
export interface EpisodeThresholds {
  /** Level 1 hypoglycaemia: below this. Default 70. */
  hypoLevel1?: number;
  /** Level 2 hypoglycaemia: below this. Default 54. */
  hypoLevel2?: number;
  /** Level 1 hyperglycaemia: above this. Default 180. */
  hyperLevel1?: number;
  /** Level 2 hyperglycaemia: above this. Default 250. */
  hyperLevel2?: number;
  /** An event starts after this long beyond the threshold. Default 15. */
  minDurationMinutes?: number;
  /** It ends after this long back across the threshold. Default 15. */
  endDurationMinutes?: number;
  /** Extended hypoglycaemia: below hypoLevel1 for more than this. Default 120. */
  extendedHypoMinutes?: number;
}

export interface EpisodeOptions extends EpisodeThresholds, UnitOptions {
  /** IANA zone of the member: the grid's days start at its midnights. Required. */
  timeZone: string;
  from?: number;
  to?: number;
  intervalMinutes?: number;
  dayAlignment?: 'clock' | 'absolute';
}

export interface GlycaemicEvent {
  /** Epoch ms of the first grid slot of the event. */
  start: number;
  /** Epoch ms one grid step after its last slot, so end − start is the duration. */
  end: number;
  durationMinutes: number;
  /**
   * Lowest (hypo) or highest (hyper) glucose in the event, mg/dL: from the readings inside it, or
   * from the interpolated grid when no reading falls inside.
   */
  nadirOrPeak: number;
}

export interface EpisodeKindSummary {
  count: number;
  /** Events per day of data (slots with a value × dt0 / 1440). null without data. */
  perDay: number | null;
  /** Mean duration in minutes; 0 when there is no event (as iglu). */
  meanDurationMinutes: number;
  /** Mean over events of each event's mean grid glucose, mg/dL; null when there is no event. */
  meanGlucose: number | null;
  events: GlycaemicEvent[];
}

export interface GlycaemicEpisodes {
  hypoLevel1: EpisodeKindSummary;
  hypoLevel2: EpisodeKindSummary;
  hypoExtended: EpisodeKindSummary;
  hyperLevel1: EpisodeKindSummary;
  hyperLevel2: EpisodeKindSummary;
  /** Level 1 hypo events that contain no level 2 hypo event. */
  hypoLevel1Exclusive: EpisodeKindSummary;
  /** Level 1 hyper events that contain no level 2 hyper event. */
  hyperLevel1Exclusive: EpisodeKindSummary;
}

const DEFAULTS: Required<EpisodeThresholds> = {
  hypoLevel1: 70,
  hypoLevel2: 54,
  hyperLevel1: 180,
  hyperLevel2: 250,
  minDurationMinutes: 15,
  endDurationMinutes: 15,
  extendedHypoMinutes: 120,
};

/** Slot range [first, last] of the grid. */
interface SlotRun {
  first: number;
  last: number;
}

/** Grid slots graded once per side: −1 empty, 0 not beyond, 1 beyond level 1, 2 beyond level 2. */
function grade(f: Float64Array, level1: number, level2: number, low: boolean): Int8Array {
  const out = new Int8Array(f.length);
  for (let k = 0; k < f.length; k++) {
    const v = f[k]!;
    if (Number.isNaN(v)) out[k] = -1;
    else if (low) out[k] = v < level2 ? 2 : v < level1 ? 1 : 0;
    else out[k] = v > level2 ? 2 : v > level1 ? 1 : 0;
  }
  return out;
}

/**
 * Events on the time-ordered grid: a slot is beyond when its grade is at least `level`. A run of at
 * least `startSlots` beyond opens an event; a run of at least `endSlots` back closes it just before
 * that run; the end of a stretch of values (a gap, or the end of the data) closes it there.
 */
function detect(graded: Int8Array, level: number, startSlots: number, endSlots: number): SlotRun[] {
  const out: SlotRun[] = [];
  const n = graded.length;
  let i = 0;
  while (i < n) {
    if (graded[i]! < 0) {
      i++;
      continue;
    }
    let open = -1;
    // One stretch of consecutive values, walked run by run.
    while (i < n && graded[i]! >= 0) {
      const side = graded[i]! >= level;
      let j = i;
      while (j + 1 < n && graded[j + 1]! >= 0 && graded[j + 1]! >= level === side) j++;
      const len = j - i + 1;
      if (open < 0) {
        if (side && len >= startSlots) open = i;
      } else if (!side && len >= endSlots) {
        out.push({ first: open, last: i - 1 });
        open = -1;
      }
      i = j + 1;
    }
    if (open >= 0) out.push({ first: open, last: i - 1 });
  }
  return out;
}

function overlaps(a: SlotRun, list: SlotRun[]): boolean {
  for (const b of list) if (b.first <= a.last && b.last >= a.first) return true;
  return false;
}

/** Index of the first reading at or after t in a time-sorted series. */
function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function summarizeKind(
  runs: SlotRun[],
  grid: DayGrid,
  sorted: Series,
  low: boolean,
  daysOfData: number | null,
): EpisodeKindSummary {
  const f = grid.flat;
  const step = grid.dt0 * 60_000;
  const origin = grid.days.starts[0]!;
  const events: GlycaemicEvent[] = [];
  let durationSum = 0;
  let meanSum = 0;
  for (const r of runs) {
    let sum = 0;
    let extreme = low ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    for (let k = r.first; k <= r.last; k++) {
      const v = f[k]!;
      sum += v;
      extreme = low ? Math.min(extreme, v) : Math.max(extreme, v);
    }
    const start = origin + (r.first + 1) * step;
    const lastSlot = origin + (r.last + 1) * step;
    // The readings inside the event may dip below (or peak above) what the grid interpolates.
    for (let i = lowerBound(sorted.time, start); i < sorted.time.length && sorted.time[i]! <= lastSlot; i++) {
      const g = sorted.mgdl[i]!;
      extreme = low ? Math.min(extreme, g) : Math.max(extreme, g);
    }
    const slots = r.last - r.first + 1;
    const durationMinutes = slots * grid.dt0;
    durationSum += durationMinutes;
    meanSum += sum / slots;
    events.push({ start, end: start + slots * step, durationMinutes, nadirOrPeak: extreme });
  }
  const count = events.length;
  return {
    count,
    perDay: daysOfData === null ? null : count / daysOfData,
    meanDurationMinutes: count > 0 ? durationSum / count : 0,
    meanGlucose: count > 0 ? meanSum / count : null,
    events,
  };
}

function emptyKind(): EpisodeKindSummary {
  return { count: 0, perDay: null, meanDurationMinutes: 0, meanGlucose: null, events: [] };
}

/** Episodes on a prepared grid; `sorted` is the same trace, time-sorted, one reading per time. */
export function episodesOfGrid(grid: DayGrid | null, sorted: Series, thresholds: EpisodeThresholds = {}): GlycaemicEpisodes {
  if (grid === null) {
    return {
      hypoLevel1: emptyKind(),
      hypoLevel2: emptyKind(),
      hypoExtended: emptyKind(),
      hyperLevel1: emptyKind(),
      hyperLevel2: emptyKind(),
      hypoLevel1Exclusive: emptyKind(),
      hyperLevel1Exclusive: emptyKind(),
    };
  }
  const t = { ...DEFAULTS, ...stripUndefined(thresholds) };
  const f = grid.flat;
  const dt0 = grid.dt0;
  // "At least 15 minutes" of slots dt0 apart; "more than 120 minutes" for the extended kind.
  const startSlots = Math.ceil(t.minDurationMinutes / dt0);
  const endSlots = Math.ceil(t.endDurationMinutes / dt0);
  const extendedSlots = Math.floor(t.extendedHypoMinutes / dt0) + 1;
  let withValue = 0;
  for (let k = 0; k < f.length; k++) if (!Number.isNaN(f[k]!)) withValue++;
  const daysOfData = withValue > 0 ? (withValue * dt0) / 1440 : null;

  const low = grade(f, t.hypoLevel1, t.hypoLevel2, true);
  const high = grade(f, t.hyperLevel1, t.hyperLevel2, false);
  const hypo1 = detect(low, 1, startSlots, endSlots);
  const hypo2 = detect(low, 2, startSlots, endSlots);
  const hypoExt = detect(low, 1, extendedSlots, endSlots);
  const hyper1 = detect(high, 1, startSlots, endSlots);
  const hyper2 = detect(high, 2, startSlots, endSlots);
  const kind = (runs: SlotRun[], low: boolean): EpisodeKindSummary => summarizeKind(runs, grid, sorted, low, daysOfData);
  return {
    hypoLevel1: kind(hypo1, true),
    hypoLevel2: kind(hypo2, true),
    hypoExtended: kind(hypoExt, true),
    hyperLevel1: kind(hyper1, false),
    hyperLevel2: kind(hyper2, false),
    hypoLevel1Exclusive: kind(
      hypo1.filter((r) => !overlaps(r, hypo2)),
      true,
    ),
    hyperLevel1Exclusive: kind(
      hyper1.filter((r) => !overlaps(r, hyper2)),
      false,
    ),
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

export const EPISODE_OPTION_KEYS = [...GRID_KEYS, ...WINDOW_KEYS, ...EPISODE_THRESHOLD_KEYS] as const;

/**
 * Hypo- and hyperglycaemic episodes of the readings, per kind: count, events per day, mean
 * duration, mean glucose and the events themselves (start, end, duration, nadir or peak).
 */
export function episodes(readings: GlucoseInput, options: EpisodeOptions): GlycaemicEpisodes {
  checkZonedOptions('episodes', options, EPISODE_OPTION_KEYS);
  const ctx = new GridContext(
    toSeries(readings, options, 'episodes'),
    options.timeZone,
    options.intervalMinutes,
    options.dayAlignment,
  );
  return episodesOfGrid(ctx.grid(), ctx.sorted, options);
}

/**
 * Episode thresholds from a set of range bands: below `low` and `veryLow`, above `high` and
 * `veryHigh`. For subjects whose bands are not the consensus ones (a cat's or a dog's target), so
 * that their events follow their own ranges; people's events use the consensus defaults.
 */
export function episodeThresholdsFromRanges(
  ranges: GlucoseRanges,
): Required<Pick<EpisodeThresholds, 'hypoLevel1' | 'hypoLevel2' | 'hyperLevel1' | 'hyperLevel2'>> {
  return { hypoLevel1: ranges.low, hypoLevel2: ranges.veryLow, hyperLevel1: ranges.high, hyperLevel2: ranges.veryHigh };
}
