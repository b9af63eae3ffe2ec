import { DateTime, IANAZone } from 'luxon';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Throws on an unknown IANA zone instead of silently computing in an invalid one. */
export function assertZone(timeZone: string): void {
  if (!IANAZone.isValidZone(timeZone)) throw new RangeError(`unknown IANA time zone: ${timeZone}`);
}

/**
 * The local calendar days from the day holding `firstMs` through the day holding `lastMs`.
 * `starts[d]` is the epoch ms of day d's local midnight, `starts[d + 1]` the next one, so a DST day
 * is simply 23 or 25 hours long. One Luxon call per day keeps the cost negligible next to the
 * per-reading loops.
 */
export interface LocalDays {
  timeZone: string;
  /** days.length + 1 boundaries. */
  starts: Float64Array;
  dates: string[];
  /** True when every day is exactly 24 h, so wall-clock and absolute grids coincide. */
  regular: boolean;
}

export function localDays(firstMs: number, lastMs: number, timeZone: string): LocalDays {
  assertZone(timeZone);
  let day = DateTime.fromMillis(firstMs, { zone: timeZone }).startOf('day');
  const starts: number[] = [];
  const dates: string[] = [];
  let regular = true;
  for (;;) {
    starts.push(day.toMillis());
    dates.push(day.toISODate()!);
    const next = day.plus({ days: 1 }).startOf('day');
    if (next.toMillis() - day.toMillis() !== DAY_MS) regular = false;
    day = next;
    if (day.toMillis() > lastMs) break;
  }
  starts.push(day.toMillis());
  return { timeZone, starts: Float64Array.from(starts), dates, regular };
}

/**
 * Epoch ms of a wall-clock minute of a local day (0 … 1440; 1440 is the next midnight). On a day
 * whose clock jumps, Luxon moves a non-existent time forward and takes the first of a repeated one,
 * so the result never decreases with the minute.
 */
export function wallClockTime(days: LocalDays, dayIndex: number, minuteOfDay: number): number {
  const start = days.starts[dayIndex]!;
  const end = days.starts[dayIndex + 1]!;
  if (minuteOfDay >= 1440) return end;
  if (end - start === DAY_MS) return start + minuteOfDay * MINUTE_MS;
  const d = DateTime.fromMillis(start, { zone: days.timeZone });
  return d
    .set({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60, second: 0, millisecond: 0 })
    .toMillis();
}

/**
 * Wall-clock minute of the day (0 ≤ m < 1440, fractional) of an instant that lies in day
 * `dayIndex`. Exact on DST days too (the offset is read at the instant itself).
 */
export function minuteOfLocalDay(days: LocalDays, dayIndex: number, t: number): number {
  const start = days.starts[dayIndex]!;
  const end = days.starts[dayIndex + 1]!;
  if (end - start === DAY_MS) return (t - start) / MINUTE_MS;
  const d = DateTime.fromMillis(t, { zone: days.timeZone });
  return d.hour * 60 + d.minute + (d.second * 1000 + d.millisecond) / MINUTE_MS;
}

/**
 * For time-sorted instants, the index of the local day each falls in (one linear walk).
 * Instants are assumed to lie within [starts[0], starts[last]).
 */
export function dayIndexOfSorted(days: LocalDays, sortedTimes: ArrayLike<number>): Int32Array {
  const out = new Int32Array(sortedTimes.length);
  let d = 0;
  for (let i = 0; i < sortedTimes.length; i++) {
    const t = sortedTimes[i]!;
    while (d + 1 < days.starts.length - 1 && t >= days.starts[d + 1]!) d++;
    out[i] = d;
  }
  return out;
}
