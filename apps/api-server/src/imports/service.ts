import { ResponseCode, type ImportSummary } from '@cgm-portal/api-client/contract';
import { Problem } from '../problem';
import type { ReadingKind, Store } from '../store/types';
import { parseImportFile } from './parse';
import { MalformedFile, type ImportedEvent, type ImportedReading, type ParsedFile } from './types';

/** How many rejected lines an answer lists (the total is always given). */
export const REJECTED_LISTED = 200;

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

function span(times: Iterable<number>): { first: number; last: number } | null {
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  return first === Infinity ? null : { first, last };
}

/** The readings and events of `parsed` that the member does not hold yet (and the file does not repeat). */
export async function newRecords(store: Store, memberId: number, readings: ImportedReading[], events: ImportedEvent[]) {
  const freshReadings: ImportedReading[] = [];
  const byKind = new Map<ReadingKind, ImportedReading[]>();
  for (const r of readings) {
    const list = byKind.get(r.kind);
    if (list) list.push(r);
    else byKind.set(r.kind, [r]);
  }
  for (const [kind, list] of byKind) {
    const s = span(list.map((r) => r.time))!;
    const held = new Set((await store.listReadings(memberId, kind, s.first, s.last + 1)).map((r) => r.time));
    for (const r of list) {
      if (held.has(r.time)) continue;
      held.add(r.time);
      freshReadings.push(r);
    }
  }
  const freshEvents: ImportedEvent[] = [];
  const es = span(events.map((e) => e.time));
  if (es) {
    const { rows } = await store.listEvents(memberId, { from: es.first, to: es.last + 1, offset: 0, limit: 10_000_000 });
    const held = new Set(rows.map((e) => eventKey(e.time, JSON.parse(e.detail))));
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
 * insert), events after the same check, so an import and a re-import leave one copy.
 */
export async function writeParsed(store: Store, memberId: number, parsed: ParsedFile, timeZone: string, dryRun: boolean): Promise<ImportSummary> {
  const run = async (s: Store) => {
    const fresh = await newRecords(s, memberId, parsed.readings, parsed.events);
    let addedReadings = fresh.readings.length;
    if (!dryRun) {
      addedReadings = await s.insertReadings(fresh.readings.map((r) => ({ memberId, time: r.time, mgdl: r.mgdl, kind: r.kind })));
      await s.insertEvents(fresh.events.map((e) => ({ memberId, eventType: e.eventType, time: e.time, note: e.note, detail: JSON.stringify(e.detail) })));
    }
    return { addedReadings, addedEvents: fresh.events.length };
  };
  const { addedReadings, addedEvents } = dryRun ? await run(store) : await store.transaction(run);
  const all = span([...parsed.readings.map((r) => r.time), ...parsed.events.map((e) => e.time)]);
  return {
    format: parsed.format,
    timeZone,
    dateOrder: parsed.dateOrder,
    dryRun,
    readings: { added: addedReadings, duplicates: parsed.readings.length - addedReadings },
    events: { added: addedEvents, duplicates: parsed.events.length - addedEvents },
    ignored: parsed.ignored,
    rejectedTotal: parsed.rejected.length,
    rejected: parsed.rejected.slice(0, REJECTED_LISTED),
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
): Promise<ImportSummary> {
  let parsed: ParsedFile;
  try {
    parsed = parseImportFile(file.text, file.timeZone);
  } catch (error) {
    if (error instanceof MalformedFile) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: `text: ${error.message}` });
    }
    throw error;
  }
  return writeParsed(store, memberId, parsed, file.timeZone, dryRun);
}
