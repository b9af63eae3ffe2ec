import { packReadingColumns } from '@cgm-portal/api-client/contract';
import { LruMap } from './lru-map';
import { READING_DAY_MS, readingDayOf, type Store } from './store/types';

/**
 * Sensor readings of a span, read through a cache of whole UTC days (issue 19). A 90-day view
 * is 26,000 rows, and reading them from the database costs more than everything else of the
 * answer; yet past days almost never change. Each cached day is checked against the day's
 * version in the database (one small query per span), so a late back-fill, an import or a
 * Nightscout delete is seen by the next request, from this server or any other on the database.
 */

/** Readings of a span as two columns, ascending in time. */
export interface SpanReadings {
  times: Float64Array;
  values: Uint16Array;
}

/** A member's span [from, to) and the versions of the UTC days it touches. */
export interface SpanVersions {
  memberId: number;
  from: number;
  to: number;
  firstDay: number;
  lastDay: number;
  versions: Map<number, number>;
  /** The days' versions, `first-last|day:version,…`: what ETags and derived caches key on. */
  key: string;
}

interface CachedDay {
  version: number;
  times: Float64Array;
  values: Uint16Array;
}

/** About 3 KB a full day: 10,000 days is about 30 MB, 110 members' 90-day views. */
const MAX_CACHED_DAYS = 10_000;
/** Packed spans kept as JSON text (about 70 KB for 90 days): 64 are about 4.5 MB. */
const MAX_PACKED_SPANS = 64;

/** First index in an ascending column whose value is ≥ target. */
function lowerBound(column: Float64Array, target: number): number {
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (column[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ReadingDayCache {
  private readonly days = new LruMap<string, CachedDay>(MAX_CACHED_DAYS);
  private readonly packed = new LruMap<string, string>(MAX_PACKED_SPANS);

  /**
   * The span's readings packed (packed-readings.ts), as JSON text: what loadPackedReadings and
   * the packed reports splice into their answers. Kept by the span and its days' versions, so
   * fifty browsers on the same 90 days cost one packing, and a changed day is never served.
   */
  async packedJson(store: Store, span: SpanVersions): Promise<string> {
    const key = `${span.memberId}|${span.from}|${span.to}|${span.key}`;
    let json = this.packed.get(key);
    if (json === undefined) {
      const { times, values } = await this.read(store, span);
      this.packed.set(key, (json = JSON.stringify(packReadingColumns(times, values, span.from))));
    }
    return json;
  }

  /**
   * The versions of the days a span touches, `day:version` joined: what ETags and caches derived
   * from the readings key on. One small query; no readings are read.
   */
  async versionsOf(store: Store, memberId: number, from: number, to: number): Promise<SpanVersions> {
    const firstDay = readingDayOf(from);
    const lastDay = readingDayOf(to - 1);
    const versions = await store.readingDayVersions(memberId, firstDay, lastDay);
    const listed = [...versions]
      .sort(([a], [b]) => a - b)
      .map(([day, version]) => `${day}:${version}`)
      .join(',');
    return { memberId, from, to, firstDay, lastDay, versions, key: `${firstDay}-${lastDay}|${listed}` };
  }

  /**
   * Sensor readings with from ≤ time < to, ascending, as of `span` (from versionsOf). Versions
   * first, readings second: a version seen never comes with older readings (the store writes
   * readings before versions), so nothing stale is ever kept under a newer version.
   */
  async read(store: Store, span: SpanVersions): Promise<SpanReadings> {
    const { memberId, from, to, firstDay, lastDay, versions } = span;
    const found: CachedDay[] = [];
    let firstMissing = Infinity;
    let lastMissing = -Infinity;
    for (let day = firstDay; day <= lastDay; day++) {
      const cached = this.days.get(`${memberId}/${day}`);
      if (cached && cached.version === (versions.get(day) ?? 0)) found[day - firstDay] = cached;
      else {
        firstMissing = Math.min(firstMissing, day);
        lastMissing = day;
      }
    }
    if (lastMissing >= firstMissing) {
      // One query for the run of days not cached, split into days.
      const rows = await store.listReadingColumns(memberId, 'sgv', firstMissing * READING_DAY_MS, (lastMissing + 1) * READING_DAY_MS);
      let at = 0;
      for (let day = firstMissing; day <= lastMissing; day++) {
        const end = (day + 1) * READING_DAY_MS;
        const start = at;
        while (at < rows.times.length && rows.times[at]! < end) at++;
        // Copies, not views: a view would keep the whole span's buffer alive for one cached day.
        const entry: CachedDay = {
          version: versions.get(day) ?? 0,
          times: rows.times.slice(start, at),
          values: rows.values.slice(start, at),
        };
        this.days.set(`${memberId}/${day}`, entry);
        found[day - firstDay] = entry;
      }
    }
    // The span's edges cut into its first and last day.
    const pieces = found.map((day, i) => {
      const lo = i === 0 ? lowerBound(day.times, from) : 0;
      const hi = i === found.length - 1 ? lowerBound(day.times, to) : day.times.length;
      return { day, lo, hi };
    });
    const count = pieces.reduce((sum, p) => sum + (p.hi - p.lo), 0);
    const times = new Float64Array(count);
    const values = new Uint16Array(count);
    let offset = 0;
    for (const { day, lo, hi } of pieces) {
      times.set(day.times.subarray(lo, hi), offset);
      values.set(day.values.subarray(lo, hi), offset);
      offset += hi - lo;
    }
    return { times, values };
  }
}

/** Each store (a server's database, a test's, Storybook's) has its own cache. */
const caches = new WeakMap<Store, ReadingDayCache>();
export function readingDaysOf(store: Store): ReadingDayCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new ReadingDayCache()));
  return cache;
}

/** The readings as objects, for glucose-metrics and the plain JSON calls. */
export function readingsOf(span: SpanReadings): { time: number; mgdl: number }[] {
  // Pushed, not pre-sized: a pre-sized array stays "holey" in V8 and every metric walks it slower.
  const out: { time: number; mgdl: number }[] = [];
  for (let i = 0; i < span.times.length; i++) out.push({ time: span.times[i]!, mgdl: span.values[i]! });
  return out;
}
