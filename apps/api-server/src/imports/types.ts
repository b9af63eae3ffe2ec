import {
  EARLIEST_TIME_MS,
  eventDetail,
  LATEST_AHEAD_MS,
  type EventDetail,
  type ImportFormat,
  type ImportSummary,
  type RejectedLine,
} from '@cgm-portal/api-client/contract';
import { MGDL_PER_MMOL } from '@cgm-portal/glucose-metrics';
import type { ReadingKind } from '../store/types';
import { resolveWallTimesSliced, type NaiveTime } from './local-time';
import { ROWS_PER_CHECK, runNow, type Sliced } from './sliced';

export interface ImportedReading {
  time: number;
  mgdl: number;
  kind: ReadingKind;
  line: number;
}
export interface ImportedEvent {
  time: number;
  eventType: EventDetail['eventType'];
  note: string;
  detail: EventDetail;
  line: number;
}

/** What every parser answers: pure data, nothing written. */
export interface ParsedFile {
  format: ImportFormat;
  dateOrder: ImportSummary['dateOrder'];
  readings: ReadingColumns;
  events: ImportedEvent[];
  /** The first REJECTED_LISTED rejected lines, by line. */
  rejected: RejectedLine[];
  rejectedTotal: number;
  /** Rows understood but holding nothing the portal keeps. */
  ignored: number;
}

/** How many rejected lines an answer lists (the total is always given). */
export const REJECTED_LISTED = 200;

/**
 * Rejected lines as a file is read: every one is counted, only the first REJECTED_LISTED (by
 * line) are kept, so a file of 700,000 bad lines never holds 700,000 reasons.
 */
export class RejectedLines {
  total = 0;
  private kept: RejectedLine[] = [];

  push(rejected: RejectedLine) {
    this.total++;
    this.kept.push(rejected);
    if (this.kept.length >= 4 * REJECTED_LISTED) this.trim();
  }

  private trim() {
    this.kept.sort((a, b) => a.line - b.line);
    this.kept.length = Math.min(this.kept.length, REJECTED_LISTED);
  }

  listed(): RejectedLine[] {
    this.trim();
    return [...this.kept];
  }
}

const READING_KINDS: readonly ReadingKind[] = ['sgv', 'mbg', 'cal'];

/** Typed-array storage that doubles as it fills. */
function grown<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(array: T, length: number): T {
  if (length < array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(16, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Readings as columns: about 15 bytes a reading, where an object costs 60 to 100. A 47 MB
 * file holds 700,000 readings; as objects they alone took more memory than the file.
 */
export class ReadingColumns implements Iterable<ImportedReading> {
  length = 0;
  private times = new Float64Array(0);
  private values = new Uint16Array(0);
  private kinds = new Uint8Array(0);
  private lines = new Uint32Array(0);

  static of(readings: Iterable<ImportedReading>): ReadingColumns {
    const columns = new ReadingColumns();
    for (const r of readings) columns.push(r);
    return columns;
  }

  push(r: ImportedReading) {
    const i = this.length++;
    this.times = grown(this.times, i);
    this.values = grown(this.values, i);
    this.kinds = grown(this.kinds, i);
    this.lines = grown(this.lines, i);
    this.times[i] = r.time;
    this.values[i] = r.mgdl;
    this.kinds[i] = READING_KINDS.indexOf(r.kind);
    this.lines[i] = r.line;
  }

  time(i: number): number {
    return this.times[i]!;
  }
  kind(i: number): ReadingKind {
    return READING_KINDS[this.kinds[i]!]!;
  }
  at(i: number): ImportedReading {
    return { time: this.times[i]!, mgdl: this.values[i]!, kind: this.kind(i), line: this.lines[i]! };
  }

  /** The first and last instant (of one kind), or null when there is none. */
  span(kind?: ReadingKind): { first: number; last: number } | null {
    const code = kind === undefined ? -1 : READING_KINDS.indexOf(kind);
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < this.length; i++) {
      if (code >= 0 && this.kinds[i] !== code) continue;
      const t = this.times[i]!;
      if (t < first) first = t;
      if (t > last) last = t;
    }
    return first === Infinity ? null : { first, last };
  }

  *[Symbol.iterator](): Iterator<ImportedReading> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  /** As objects: small files and tests. */
  list(): ImportedReading[] {
    return [...this];
  }
}

/** A file that cannot be read at all: nothing of it is imported. */
export class MalformedFile extends Error {}

/**
 * Out-of-range sensor values. A sensor that says "Low" or "High" measured something beyond
 * its range, so the value is stored one step outside that range: it counts as very low or
 * very high in every metric, and it can never be mistaken for a real reading at the limit.
 * Dexcom reads 40–400 mg/dL, Libre 40–500.
 */
export const OUT_OF_RANGE = {
  low: 39,
  dexcomHigh: 401,
  libreHigh: 501,
} as const;

/** mmol/L → integer mg/dL with the product's one factor (spec §9). */
export function mgdlFromMmol(mmol: number): number {
  return Math.round(mmol * MGDL_PER_MMOL);
}

/** The contract's glucose bounds (integer mg/dL, 10–1000). */
export function isStorableMgdl(value: number): boolean {
  return Number.isInteger(value) && value >= 10 && value <= 1000;
}

export interface DraftEvent {
  note: string;
  detail: EventDetail;
}
/** A row read from a file whose timestamp is not yet an instant. */
export interface Draft {
  line: number;
  /** Wall-clock time (files without zone) … */
  naive?: NaiveTime;
  /** … or an instant already (epoch ms or a timestamp with an offset). */
  time?: number;
  /** Rows of one stream never share an instant (see resolveWallTimes). */
  stream: string;
  reading?: { kind: ReadingKind; mgdl: number };
  events?: DraftEvent[];
}

/**
 * Drafts as columns (about 20 bytes a row instead of 150 as objects); events, which few rows
 * of a CGM file carry, stay objects. Rows come back out as Draft objects one at a time.
 */
export class DraftColumns {
  length = 0;
  private lines = new Uint32Array(0);
  /** The naive wall time, or the instant (see `naive`); NaN when the draft had neither. */
  private whens = new Float64Array(0);
  private naives = new Uint8Array(0);
  private streams = new Uint32Array(0);
  private kinds = new Uint8Array(0);
  private values = new Uint16Array(0);
  private readonly events = new Map<number, DraftEvent[]>();
  private readonly streamIds = new Map<string, number>();
  private readonly streamNames: string[] = [];

  push(d: Draft) {
    const i = this.length++;
    this.lines = grown(this.lines, i);
    this.whens = grown(this.whens, i);
    this.naives = grown(this.naives, i);
    this.streams = grown(this.streams, i);
    this.kinds = grown(this.kinds, i);
    this.values = grown(this.values, i);
    this.lines[i] = d.line;
    this.naives[i] = d.naive !== undefined ? 1 : 0;
    this.whens[i] = d.naive ?? d.time ?? NaN;
    let stream = this.streamIds.get(d.stream);
    if (stream === undefined) {
      stream = this.streamNames.push(d.stream) - 1;
      this.streamIds.set(d.stream, stream);
    }
    this.streams[i] = stream;
    this.kinds[i] = d.reading ? READING_KINDS.indexOf(d.reading.kind) + 1 : 0;
    this.values[i] = d.reading?.mgdl ?? 0;
    if (d.events) this.events.set(i, d.events);
  }

  line(i: number): number {
    return this.lines[i]!;
  }
  isNaive(i: number): boolean {
    return this.naives[i] === 1;
  }
  /** The naive wall time or the instant of row i (see isNaive). */
  when(i: number): number {
    return this.whens[i]!;
  }
  stream(i: number): string {
    return this.streamNames[this.streams[i]!]!;
  }
  readingKind(i: number): ReadingKind | null {
    const kind = this.kinds[i]!;
    return kind === 0 ? null : READING_KINDS[kind - 1]!;
  }

  at(i: number): Draft {
    const kind = this.readingKind(i);
    const events = this.events.get(i);
    return {
      line: this.lines[i]!,
      ...(this.isNaive(i) ? { naive: this.whens[i]! } : { time: this.whens[i]! }),
      stream: this.stream(i),
      ...(kind ? { reading: { kind, mgdl: this.values[i]! } } : {}),
      ...(events ? { events } : {}),
    };
  }
}

/** Turns drafts into readings and events: wall times into instants, events checked against the contract. */
export function finishDrafts(drafts: Draft[] | DraftColumns, zone: string, base: Pick<ParsedFile, 'format' | 'dateOrder' | 'ignored'> & { rejected: RejectedLines }): ParsedFile {
  return runNow(finishDraftsSliced(drafts, zone, base));
}

/** finishDrafts, yielding between rows (sliced.ts). */
export function* finishDraftsSliced(
  input: Draft[] | DraftColumns,
  zone: string,
  base: Pick<ParsedFile, 'format' | 'dateOrder' | 'ignored'> & { rejected: RejectedLines },
): Sliced<ParsedFile> {
  let drafts: DraftColumns;
  if (input instanceof DraftColumns) drafts = input;
  else {
    drafts = new DraftColumns();
    for (const d of input) drafts.push(d);
  }
  // The wall-timed rows, in file order, resolved together (the direction of the file matters).
  let wallCount = 0;
  for (let k = 0; k < drafts.length; k++) if (drafts.isNaive(k)) wallCount++;
  const walls = new Uint32Array(wallCount);
  for (let k = 0, w = 0; k < drafts.length; k++) if (drafts.isNaive(k)) walls[w++] = k;
  const instants = yield* resolveWallTimesSliced(
    { length: wallCount, naive: (w) => drafts.when(walls[w]!), stream: (w) => drafts.stream(walls[w]!) },
    zone,
  );
  const readings = new ReadingColumns();
  const events: ImportedEvent[] = [];
  const rejected = base.rejected;
  let wall = 0;
  for (let k = 0; k < drafts.length; k++) {
    if (k % ROWS_PER_CHECK === 0) yield;
    const line = drafts.line(k);
    const time = drafts.isNaive(k) ? instants[wall++]! : drafts.when(k);
    if (!Number.isFinite(time)) {
      rejected.push({ line, reason: `this local time does not exist in ${zone} (clocks moved forward)` });
      continue;
    }
    // The contract's window for every time (epochMs): a reading before 2000 or over a year ahead
    // is a wrong clock or an attack, and JavaScript's dates end at 8.64e15.
    if (time < EARLIEST_TIME_MS) {
      rejected.push({ line, reason: 'time before 2000' });
      continue;
    }
    if (time > Date.now() + LATEST_AHEAD_MS) {
      rejected.push({ line, reason: 'time more than a year ahead' });
      continue;
    }
    const d = drafts.at(k);
    const checked: ImportedEvent[] = [];
    let problem: string | null = null;
    for (const e of d.events ?? []) {
      const parsed = eventDetail.safeParse(e.detail);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        problem = `${e.detail.eventType}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'invalid'}`;
        break;
      }
      checked.push({ time, eventType: parsed.data.eventType, note: e.note.trim().slice(0, 500), detail: parsed.data, line });
    }
    if (problem) {
      rejected.push({ line, reason: problem });
      continue;
    }
    if (d.reading) readings.push({ time, mgdl: d.reading.mgdl, kind: d.reading.kind, line });
    events.push(...checked);
  }
  return {
    format: base.format,
    dateOrder: base.dateOrder,
    readings,
    events,
    rejected: rejected.listed(),
    rejectedTotal: rejected.total,
    ignored: base.ignored,
  };
}
