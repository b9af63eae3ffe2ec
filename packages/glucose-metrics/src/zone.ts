/**
 * Local days in an IANA time zone, fast. Luxon (our one runtime dependency) answers "what is the
 * UTC offset of this zone at this instant", at about 10 µs a call; asking it per day or per reading
 * would cost more than all the metrics together on a year of data. So we ask it a few dozen times
 * to find the offset transitions of the span, and then answer every question with arithmetic.
 */
import { IANAZone } from 'luxon';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Offsets are sampled this far apart; real zones never change offset twice within it. */
const SAMPLE_MS = 2 * DAY_MS;

const validZones = new Map<string, boolean>();

/** Throws on an unknown IANA zone instead of silently computing in an invalid one. */
export function assertZone(timeZone: string): void {
  let ok = validZones.get(timeZone);
  if (ok === undefined) {
    ok = IANAZone.isValidZone(timeZone);
    validZones.set(timeZone, ok);
  }
  if (!ok) throw new RangeError(`unknown IANA time zone: ${timeZone}`);
}

/** The zone's UTC offset (minutes) as a step function over a span. */
export class ZoneClock {
  /** Instants (epoch ms) at which the offset changes, ascending, and the offset from each on. */
  private readonly at: number[] = [];
  private readonly offsets: number[] = [];
  private readonly initial: number;

  constructor(
    readonly timeZone: string,
    readonly fromMs: number,
    readonly toMs: number,
  ) {
    assertZone(timeZone);
    const zone = IANAZone.create(timeZone);
    const lo = fromMs - 2 * DAY_MS;
    const hi = toMs + 2 * DAY_MS;
    this.initial = zone.offset(lo);
    let prevT = lo;
    let prevO = this.initial;
    for (let t = lo + SAMPLE_MS; ; t += SAMPLE_MS) {
      const tt = Math.min(t, hi);
      const o = zone.offset(tt);
      if (o !== prevO) {
        // Bisect to the second at which the new offset starts.
        let a = prevT;
        let b = tt;
        while (b - a > 1000) {
          const m = a + Math.floor((b - a) / 2000) * 1000;
          if (zone.offset(m) === prevO) a = m;
          else b = m;
        }
        this.at.push(b);
        this.offsets.push(o);
        prevO = o;
      }
      prevT = tt;
      if (tt >= hi) break;
    }
  }

  covers(fromMs: number, toMs: number): boolean {
    return fromMs >= this.fromMs && toMs <= this.toMs;
  }

  /** UTC offset in minutes at an instant. */
  offsetAt(t: number): number {
    let o = this.initial;
    // Few transitions per span (two a year), so a linear scan beats a binary search.
    for (let i = 0; i < this.at.length && t >= this.at[i]!; i++) o = this.offsets[i]!;
    return o;
  }

  /** Local wall-clock time of an instant, as epoch ms of that wall time read as UTC. */
  toWall(t: number): number {
    return t + this.offsetAt(t) * MINUTE_MS;
  }

  /**
   * The instant of a local wall-clock time. A time that occurs twice (clocks going back) gives the
   * first; a time skipped by a forward jump gives the instant the clock jumped at plus the
   * skipped part, as Luxon and Temporal do ("compatible" disambiguation).
   */
  fromWall(wall: number): number {
    const before = this.offsetAt(wall - DAY_MS);
    const after = this.offsetAt(wall + DAY_MS);
    const c1 = wall - before * MINUTE_MS;
    const c2 = wall - after * MINUTE_MS;
    const v1 = this.offsetAt(c1) === before;
    const v2 = this.offsetAt(c2) === after;
    if (v1 && v2) return Math.min(c1, c2);
    if (v1) return c1;
    if (v2) return c2;
    return c1;
  }
}

/**
 * The local calendar days from the day holding `firstMs` through the day holding `lastMs`.
 * `starts[d]` is the epoch ms of day d's local midnight and `starts[d + 1]` the next one, so a DST
 * day is simply 23 or 25 hours long.
 */
export interface LocalDays {
  clock: ZoneClock;
  /** days.length + 1 boundaries. */
  starts: Float64Array;
  /** yyyy-MM-dd of each day. */
  dates: string[];
  /** Local midnight of each day as wall time read as UTC (dates[d] at 00:00Z). */
  wallStarts: Float64Array;
  /** True when every day is exactly 24 h, so wall-clock and absolute grids coincide. */
  regular: boolean;
}

const clockCache = new Map<string, ZoneClock>();

/** A clock covering [fromMs, toMs], reused across calls: the same span is recomputed on every interaction. */
export function zoneClock(timeZone: string, fromMs: number, toMs: number): ZoneClock {
  const hit = clockCache.get(timeZone);
  if (hit !== undefined && hit.covers(fromMs, toMs)) return hit;
  const from = hit === undefined ? fromMs : Math.min(fromMs, hit.fromMs);
  const to = hit === undefined ? toMs : Math.max(toMs, hit.toMs);
  // Never let one odd call make the cached span enormous.
  const clock =
    hit !== undefined && to - from <= 50 * 366 * DAY_MS
      ? new ZoneClock(timeZone, from, to)
      : new ZoneClock(timeZone, fromMs, toMs);
  if (clockCache.size > 64) clockCache.clear();
  clockCache.set(timeZone, clock);
  return clock;
}

export function localDays(firstMs: number, lastMs: number, timeZone: string): LocalDays {
  const clock = zoneClock(timeZone, firstMs, lastMs);
  const firstWall = Math.floor(clock.toWall(firstMs) / DAY_MS) * DAY_MS;
  const lastWall = Math.floor(clock.toWall(lastMs) / DAY_MS) * DAY_MS;
  const nDays = Math.round((lastWall - firstWall) / DAY_MS) + 1;
  const starts = new Float64Array(nDays + 1);
  const wallStarts = new Float64Array(nDays);
  const dates: string[] = [];
  let regular = true;
  for (let d = 0; d <= nDays; d++) {
    const wall = firstWall + d * DAY_MS;
    starts[d] = clock.fromWall(wall);
    if (d < nDays) {
      wallStarts[d] = wall;
      dates.push(new Date(wall).toISOString().slice(0, 10));
    }
    if (d > 0 && starts[d]! - starts[d - 1]! !== DAY_MS) regular = false;
  }
  return { clock, starts, dates, wallStarts, regular };
}

/**
 * Epoch ms of a wall-clock minute of a local day (0 … 1440; 1440 is the next midnight). Never
 * decreases with the minute, even across a clock change.
 */
export function wallClockTime(days: LocalDays, dayIndex: number, minuteOfDay: number): number {
  const start = days.starts[dayIndex]!;
  const end = days.starts[dayIndex + 1]!;
  if (minuteOfDay >= 1440) return end;
  if (end - start === DAY_MS) return start + minuteOfDay * MINUTE_MS;
  return Math.max(start, days.clock.fromWall(days.wallStarts[dayIndex]! + minuteOfDay * MINUTE_MS));
}

/** Wall-clock minute of the day (0 ≤ m < 1440, fractional) of an instant lying in day `dayIndex`. */
export function minuteOfLocalDay(days: LocalDays, dayIndex: number, t: number): number {
  const start = days.starts[dayIndex]!;
  const end = days.starts[dayIndex + 1]!;
  if (end - start === DAY_MS) return (t - start) / MINUTE_MS;
  const m = (days.clock.toWall(t) - days.wallStarts[dayIndex]!) / MINUTE_MS;
  return Math.min(Math.max(m, 0), 1440 - 1e-9);
}

/**
 * For time-sorted instants, the index of the local day each falls in (one linear walk).
 * Instants are assumed to lie within [starts[0], starts[last]).
 */
export function dayIndexOfSorted(days: LocalDays, sortedTimes: ArrayLike<number>): Int32Array {
  const out = new Int32Array(sortedTimes.length);
  let d = 0;
  const last = days.starts.length - 2;
  for (let i = 0; i < sortedTimes.length; i++) {
    const t = sortedTimes[i]!;
    while (d < last && t >= days.starts[d + 1]!) d++;
    out[i] = d;
  }
  return out;
}
