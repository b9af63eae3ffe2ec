import {
  eventDetail,
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
  readings: ImportedReading[];
  events: ImportedEvent[];
  rejected: RejectedLine[];
  /** Rows understood but holding nothing the portal keeps. */
  ignored: number;
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

type WallTimedDraft = { naive: NaiveTime; stream: string };

/** Turns drafts into readings and events: wall times into instants, events checked against the contract. */
export function finishDrafts(drafts: Draft[], zone: string, base: Pick<ParsedFile, 'format' | 'dateOrder' | 'rejected' | 'ignored'>): ParsedFile {
  return runNow(finishDraftsSliced(drafts, zone, base));
}

/** finishDrafts, yielding between rows (sliced.ts). */
export function* finishDraftsSliced(
  drafts: Draft[],
  zone: string,
  base: Pick<ParsedFile, 'format' | 'dateOrder' | 'rejected' | 'ignored'>,
): Sliced<ParsedFile> {
  // Drafts carry their own naive time and stream, so they are resolved as they are.
  const walls = drafts.filter((d) => d.naive !== undefined) as Array<Draft & WallTimedDraft>;
  const instants = yield* resolveWallTimesSliced(walls, zone);
  walls.forEach((d, i) => (d.time = instants[i]));
  const readings: ImportedReading[] = [];
  const events: ImportedEvent[] = [];
  const rejected = [...base.rejected];
  for (let k = 0; k < drafts.length; k++) {
    if (k % ROWS_PER_CHECK === 0) yield;
    const d = drafts[k]!;
    // Each draft is let go once read, so a large file never holds drafts and records in full at once.
    (drafts as Array<Draft | undefined>)[k] = undefined;
    const time = d.time!;
    if (!Number.isFinite(time)) {
      rejected.push({ line: d.line, reason: `this local time does not exist in ${zone} (clocks moved forward)` });
      continue;
    }
    if (time < 0) {
      rejected.push({ line: d.line, reason: 'time before 1970' });
      continue;
    }
    const checked: ImportedEvent[] = [];
    let problem: string | null = null;
    for (const e of d.events ?? []) {
      const parsed = eventDetail.safeParse(e.detail);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        problem = `${e.detail.eventType}: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'invalid'}`;
        break;
      }
      checked.push({ time, eventType: parsed.data.eventType, note: e.note.trim().slice(0, 500), detail: parsed.data, line: d.line });
    }
    if (problem) {
      rejected.push({ line: d.line, reason: problem });
      continue;
    }
    if (d.reading) readings.push({ time, mgdl: d.reading.mgdl, kind: d.reading.kind, line: d.line });
    events.push(...checked);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { format: base.format, dateOrder: base.dateOrder, readings, events, rejected, ignored: base.ignored };
}
