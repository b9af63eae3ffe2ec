import { ResponseCode, type ImportSummary } from '@cgm-portal/api-client/contract';
import { Problem } from '../problem';
import type { ReadingKind, ReadingRow, Store } from '../store/types';
import { parseImportFileSliced } from './parse';
import { runSliced, Slicer } from './sliced';
import { TimeSet } from './time-set';
import { MalformedFile, ReadingColumns, type ImportedEvent, type ParsedFile } from './types';

/**
 * Existing readings are read, and new ones written, this many at a time, with a turn for other
 * requests in between: one statement of 700,000 rows would hold the event loop for seconds, and
 * even 2,000 (four of the store's statements) held it up to 135 ms at a load average of 13.
 */
const ROWS_PER_STATEMENT = 500;
/** The span of one read of the member's existing readings (at 5-minute readings, about 2,000). */
const READ_SPAN_MS = 7 * 86_400_000;

/** JSON with sorted keys, so two equal details compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
/** One event is the same event as another at the same instant with the same detail. */
export const eventKey = (time: number, detail: unknown) => `${time}|${canonical(detail)}`;

function spanOf(times: number[]): { first: number; last: number } | null {
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  return first === Infinity ? null : { first, last };
}

/**
 * The readings and events the member does not hold yet (and the file does not repeat). What is
 * held is kept as compact sets of instants (time-set.ts), read from the database a month at a time.
 */
export async function newRecords(store: Store, memberId: number, readings: ReadingColumns, events: ImportedEvent[], slicer = new Slicer()) {
  const freshReadings = new ReadingColumns();
  const kinds = new Set<ReadingKind>();
  for (let i = 0; i < readings.length; i++) kinds.add(readings.kind(i));
  for (const kind of kinds) {
    const s = readings.span(kind)!;
    const held = new TimeSet(readings.length);
    for (let from = s.first; from <= s.last; from += READ_SPAN_MS) {
      for (const r of await store.listReadings(memberId, kind, from, Math.min(from + READ_SPAN_MS, s.last + 1))) held.add(r.time);
      await slicer.pause();
    }
    for (let i = 0; i < readings.length; i++) {
      if (i % ROWS_PER_STATEMENT === 0) await slicer.pause();
      if (readings.kind(i) !== kind || !held.add(readings.time(i))) continue;
      freshReadings.push(readings.at(i));
    }
  }
  const freshEvents: ImportedEvent[] = [];
  const es = spanOf(events.map((e) => e.time));
  if (es) {
    const held = new Set<string>();
    for (let offset = 0; ; offset += ROWS_PER_STATEMENT) {
      const { rows } = await store.listEvents(memberId, { from: es.first, to: es.last + 1, offset, limit: ROWS_PER_STATEMENT });
      for (const e of rows) held.add(eventKey(e.time, JSON.parse(e.detail)));
      await slicer.pause();
      if (rows.length < ROWS_PER_STATEMENT) break;
    }
    for (const e of events) {
      const key = eventKey(e.time, e.detail);
      if (held.has(key)) continue;
      held.add(key);
      freshEvents.push(e);
    }
  }
  return { readings: freshReadings, events: freshEvents };
}

/**
 * Writes what is new, in one transaction: readings with ON CONFLICT DO NOTHING (the store's
 * insert), a chunk at a time, events after the same check, so an import and a re-import leave one copy.
 */
export async function writeParsed(store: Store, memberId: number, parsed: ParsedFile, timeZone: string, dryRun: boolean): Promise<ImportSummary> {
  const slicer = new Slicer();
  const run = async (s: Store) => {
    const fresh = await newRecords(s, memberId, parsed.readings, parsed.events, slicer);
    let addedReadings = fresh.readings.length;
    if (!dryRun) {
      addedReadings = 0;
      for (let i = 0; i < fresh.readings.length; i += ROWS_PER_STATEMENT) {
        const chunk: ReadingRow[] = [];
        for (let k = i; k < Math.min(i + ROWS_PER_STATEMENT, fresh.readings.length); k++) {
          const r = fresh.readings.at(k);
          chunk.push({ memberId, time: r.time, mgdl: r.mgdl, kind: r.kind });
        }
        addedReadings += await s.insertReadings(chunk);
        await slicer.pause();
      }
      for (let i = 0; i < fresh.events.length; i += ROWS_PER_STATEMENT) {
        const chunk = fresh.events.slice(i, i + ROWS_PER_STATEMENT);
        await s.insertEvents(chunk.map((e) => ({ memberId, eventType: e.eventType, time: e.time, note: e.note, detail: JSON.stringify(e.detail) })));
        await slicer.pause();
      }
    }
    return { addedReadings, addedEvents: fresh.events.length };
  };
  const { addedReadings, addedEvents } = dryRun ? await run(store) : await store.transaction(run);
  const [r, e] = [parsed.readings.span(), spanOf(parsed.events.map((x) => x.time))];
  const all = r && e ? { first: Math.min(r.first, e.first), last: Math.max(r.last, e.last) } : (r ?? e);
  return {
    format: parsed.format,
    timeZone,
    dateOrder: parsed.dateOrder,
    dryRun,
    readings: { added: addedReadings, duplicates: parsed.readings.length - addedReadings },
    events: { added: addedEvents, duplicates: parsed.events.length - addedEvents },
    ignored: parsed.ignored,
    rejectedTotal: parsed.rejectedTotal,
    rejected: parsed.rejected,
    first: all?.first ?? null,
    last: all?.last ?? null,
  };
}

/** Parse, check, then write (or, for the preview, only count): the one pipeline of the portal and the CLI. */
export async function importFile(
  store: Store,
  memberId: number,
  file: { text: string; timeZone: string },
  dryRun: boolean,
  /** What a refusal names: the JSON calls' `text`, the upload calls' `file`. */
  field: 'text' | 'file' = 'text',
): Promise<ImportSummary> {
  let parsed: ParsedFile;
  try {
    // Sliced: a large file is read in turns of a few milliseconds, other requests in between.
    parsed = await runSliced(parseImportFileSliced(file.text, file.timeZone));
  } catch (error) {
    if (error instanceof MalformedFile) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: `${field}: ${error.message}` });
    }
    throw error;
  }
  return writeParsed(store, memberId, parsed, file.timeZone, dryRun);
}
