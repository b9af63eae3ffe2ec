import type { GlucoseInput } from './types.js';
import { medianInPlace } from './stats.js';
import { checkedReadings, type UnitOptions } from './validation.js';

/**
 * The internal form of a trace: parallel typed arrays. Every public function converts its input
 * once into this, so the metrics themselves are loops over Float64Arrays.
 */
export interface Series {
  time: Float64Array;
  mgdl: Float64Array;
}

export interface WindowOptions extends UnitOptions {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Checks the input (throwing on the first bad reading, see validation.ts) and copies it into
 * columns in mg/dL, keeping readings in [from, to). Input order and duplicates are kept.
 */
export function toSeries(input: GlucoseInput, window: WindowOptions = {}, fn = 'glucose-metrics'): Series {
  return checkedReadings(input, window, fn);
}

// Keyed by the Series object (never by one column: a clamped copy shares the time column).
const sortedCache = new WeakMap<Series, Series>();
const dedupeCache = { last: new WeakMap<Series, Series>(), mean: new WeakMap<Series, Series>() };

/**
 * Stable sort by time (no copy when already sorted, the usual case). Memoised per array, like
 * `dedupeSorted`: `summarize` hands the same series to several metrics, and each pass over a year
 * of readings costs about a millisecond.
 */
export function sortByTime(s: Series): Series {
  const hit = sortedCache.get(s);
  if (hit !== undefined) return hit;
  const out = sortUncached(s);
  sortedCache.set(s, out);
  return out;
}

function sortUncached(s: Series): Series {
  const n = s.time.length;
  let sorted = true;
  for (let i = 1; i < n; i++) {
    if (s.time[i]! < s.time[i - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return s;
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  // Ties broken by input position so "keep the last duplicate" means the last one given.
  idx.sort((a, b) => s.time[a]! - s.time[b]! || a - b);
  const time = new Float64Array(n);
  const mgdl = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = s.time[idx[i]!]!;
    mgdl[i] = s.mgdl[idx[i]!]!;
  }
  return { time, mgdl };
}

function hasDuplicateTimes(sorted: Series): boolean {
  for (let i = 1; i < sorted.time.length; i++) if (sorted.time[i] === sorted.time[i - 1]) return true;
  return false;
}

/**
 * Resolves readings that share a timestamp, on a time-sorted series. iglu uses two rules and we
 * follow each where iglu does, so results agree on data with duplicates too:
 * - 'last': `CGMS2DayByDay` keeps the last one (grid metrics: MODD, CONGA, MAGE, AGP);
 * - 'mean': `check_data_time` averages them (GRI, active percent).
 */
export function dedupeSorted(sorted: Series, rule: 'last' | 'mean'): Series {
  const cache = dedupeCache[rule];
  const hit = cache.get(sorted);
  if (hit !== undefined) return hit;
  const out = dedupeUncached(sorted, rule);
  cache.set(sorted, out);
  return out;
}

function dedupeUncached(sorted: Series, rule: 'last' | 'mean'): Series {
  if (!hasDuplicateTimes(sorted)) return sorted;
  const n = sorted.time.length;
  const time = new Float64Array(n);
  const mgdl = new Float64Array(n);
  let k = 0;
  let i = 0;
  while (i < n) {
    const t = sorted.time[i]!;
    let j = i;
    let sum = 0;
    while (j < n && sorted.time[j] === t) sum += sorted.mgdl[j++]!;
    time[k] = t;
    mgdl[k] = rule === 'last' ? sorted.mgdl[j - 1]! : sum / (j - i);
    k++;
    i = j;
  }
  return { time: time.subarray(0, k), mgdl: mgdl.subarray(0, k) };
}

const medianCache = new WeakMap<Float64Array, number>();

/**
 * Median spacing in minutes of a sorted, duplicate-free series (NaN below two readings). Cached per
 * time array: `summarize` asks for it three times (grid, active percent, data rate) and the
 * 'last'/'mean' duplicate rules share the same times when there are no duplicates.
 */
export function medianIntervalMinutes(sorted: Series): number {
  const t = sorted.time;
  const hit = medianCache.get(t);
  if (hit !== undefined) return hit;
  const n = t.length;
  let m = Number.NaN;
  if (n >= 2) {
    const diffs = new Float64Array(n - 1);
    for (let i = 1; i < n; i++) diffs[i - 1] = (t[i]! - t[i - 1]!) / 60_000;
    m = medianInPlace(diffs);
  }
  medianCache.set(t, m);
  return m;
}
