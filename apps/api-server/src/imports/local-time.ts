import { IANAZone } from 'luxon';
import { ROWS_PER_CHECK, runNow, type Sliced } from './sliced';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far enough either side of a wall time to see the offsets before and after any transition near it. */
const AROUND = 48 * HOUR;

/** A wall-clock time written as if it were UTC: Date.UTC of its fields. */
export type NaiveTime = number;

export function naiveOf(y: number, mo: number, d: number, h: number, mi: number, s = 0): NaiveTime {
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** True when the fields name a real calendar date and clock time. */
export function validFields(y: number, mo: number, d: number, h: number, mi: number, s = 0): boolean {
  if (y < 1970 || y > 2200 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d;
}

export type Resolution =
  | { kind: 'one'; time: number }
  /** The wall time happens twice (clocks went back): the first and the second instant. */
  | { kind: 'twice'; earlier: number; later: number }
  /** The wall time never happens (clocks went forward). */
  | { kind: 'never' };

/**
 * Wall time → UTC instant in an IANA zone, fast enough for a year of 5-minute rows: the
 * offset of an hour far from any transition is computed once and cached; the few hours
 * near a transition are resolved one by one.
 */
export class ZoneClock {
  private readonly zone: IANAZone;
  private readonly steadyHours = new Map<number, number | null>();

  constructor(zoneName: string) {
    if (!IANAZone.isValidZone(zoneName)) throw new Error(`unknown time zone ${zoneName}`);
    this.zone = IANAZone.create(zoneName);
  }

  static isValidZone(name: string): boolean {
    return IANAZone.isValidZone(name);
  }

  private readonly steadyDays = new Map<number, number | null>();

  /** The zone's one offset over [from, to] (instants) when no transition lies within two days of it, else null. */
  private steadyOffset(from: number, to: number): number | null {
    const before = this.zone.offset(from - AROUND);
    const after = this.zone.offset(to + AROUND);
    return before === after && this.zone.offset(from - before * MINUTE) === before ? before : null;
  }

  resolve(naive: NaiveTime): Resolution {
    // Most days are far from a transition: one offset per day; near one, one per hour.
    const day = Math.floor(naive / DAY);
    let steady = this.steadyDays.get(day);
    if (steady === undefined) this.steadyDays.set(day, (steady = this.steadyOffset(day * DAY, (day + 1) * DAY)));
    if (steady === null) {
      const hour = Math.floor(naive / HOUR);
      steady = this.steadyHours.get(hour);
      if (steady === undefined) this.steadyHours.set(hour, (steady = this.steadyOffset(hour * HOUR, (hour + 1) * HOUR)));
    }
    if (steady !== null) return { kind: 'one', time: naive - steady * MINUTE };
    const found: number[] = [];
    for (const offset of new Set([this.zone.offset(naive - AROUND), this.zone.offset(naive + AROUND)])) {
      const t = naive - offset * MINUTE;
      if (this.zone.offset(t) === offset) found.push(t);
    }
    found.sort((a, b) => a - b);
    if (found.length === 0) return { kind: 'never' };
    if (found.length === 1) return { kind: 'one', time: found[0]! };
    return { kind: 'twice', earlier: found[0]!, later: found[found.length - 1]! };
  }
}

export interface WallTimed {
  naive: NaiveTime;
  /** Rows of one stream (say, sensor readings) never share an instant, so a repeat is the second pass. */
  stream: string;
}

/**
 * Instants for rows written in wall-clock time, in file order. On the night clocks go back,
 * the repeated hour is read as its first pass until the file steps back in wall time (a
 * chronological export) or repeats a time within one stream (an export sorted by wall time);
 * from there it is the second pass. A file written newest first is walked from its end.
 * A wall time that never happened answers NaN.
 */
export function resolveWallTimes(rows: readonly WallTimed[], zoneName: string): number[] {
  return [...runNow(resolveWallTimesSliced({ length: rows.length, naive: (i) => rows[i]!.naive, stream: (i) => rows[i]!.stream }, zoneName))];
}

/** Wall-timed rows read by index, so a large file's rows need not be objects (types.ts DraftColumns). */
export interface WallTimedRows {
  length: number;
  naive(i: number): NaiveTime;
  stream(i: number): string;
}

/** resolveWallTimes, yielding between rows (sliced.ts). */
export function* resolveWallTimesSliced(rows: WallTimedRows, zoneName: string): Sliced<Float64Array> {
  const clock = new ZoneClock(zoneName);
  const out = new Float64Array(rows.length).fill(NaN);
  let up = 0;
  let down = 0;
  for (let i = 1; i < rows.length; i++) {
    if (i % ROWS_PER_CHECK === 0) yield;
    const d = rows.naive(i) - rows.naive(i - 1);
    if (d > 0) up++;
    else if (d < 0) down++;
  }
  const reversed = down > up;
  const seen = new Set<string>();
  let maxNaive = -Infinity;
  let secondPassUpTo: number | null = null;
  for (let k = 0; k < rows.length; k++) {
    if (k % ROWS_PER_CHECK === 0) yield;
    const i = reversed ? rows.length - 1 - k : k;
    const naive = rows.naive(i);
    const r = clock.resolve(naive);
    if (r.kind === 'one') {
      out[i] = r.time;
      secondPassUpTo = null;
    } else if (r.kind === 'twice') {
      if (naive < maxNaive - 15 * MINUTE) secondPassUpTo = maxNaive;
      const key = `${rows.stream(i)}|${r.earlier}`;
      const later = (secondPassUpTo !== null && naive <= secondPassUpTo) || seen.has(key);
      out[i] = later ? r.later : r.earlier;
      if (!later) seen.add(key);
    }
    if (naive > maxNaive) maxNaive = naive;
  }
  return out;
}
