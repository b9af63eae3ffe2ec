import { CSV_COLUMNS, EXPORT_FORMAT } from '../export/format';
import type { CsvRow } from './csv';
import { jsonPieces } from './json-pieces';
import { ROWS_PER_CHECK, type Sliced } from './sliced';
import { DraftColumns, finishDraftsSliced, isStorableMgdl, MalformedFile, RejectedLines, type Draft, type ParsedFile } from './types';

/** The portal's own export (README "Export"), read back: times are UTC instants already. */
export function isPortalCsvHeader(fields: string[]): boolean {
  return CSV_COLUMNS.every((c, i) => fields[i]?.trim() === c);
}

const KINDS = new Set(['sgv', 'mbg', 'cal']);

function readingDraft(line: number, time: unknown, kind: unknown, mgdl: unknown): Draft | string {
  const t = Number(time);
  const v = Number(mgdl);
  if (!Number.isInteger(t) || t < 0) return 'time is not epoch milliseconds';
  if (typeof kind !== 'string' || !KINDS.has(kind)) return `kind "${String(kind)}" is not sgv, mbg or cal`;
  if (!isStorableMgdl(v)) return `mgdl ${String(mgdl)} is not an integer from 10 to 1000`;
  return { line, time: t, stream: kind, reading: { kind: kind as 'sgv', mgdl: v } };
}

function eventDraft(line: number, time: unknown, note: unknown, detail: unknown): Draft | string {
  const t = Number(time);
  if (!Number.isInteger(t) || t < 0) return 'time is not epoch milliseconds';
  if (!detail || typeof detail !== 'object') return 'detail is not an object';
  return { line, time: t, stream: 'event', events: [{ note: typeof note === 'string' ? note : '', detail: detail as never }] };
}

/** Rows are read once, as they come (csvRows). */
export function* parsePortalCsv(rows: Iterable<CsvRow>): Sliced<ParsedFile> {
  const drafts = new DraftColumns();
  const rejected = new RejectedLines();
  let n = 0;
  for (const { line, fields: f } of rows) {
    if (n++ === 0) {
      if (!isPortalCsvHeader(f)) throw new MalformedFile('not a CGM Portal export');
      continue;
    }
    if (n % ROWS_PER_CHECK === 0) yield;
    let result: Draft | string;
    if (f[0] === 'reading') result = readingDraft(line, f[1], f[3], f[4]);
    else if (f[0] === 'event') {
      let detail: unknown;
      try {
        detail = JSON.parse(f[7] ?? '');
      } catch {
        detail = null;
      }
      result = eventDraft(line, f[1], f[6], detail);
    } else result = `record "${f[0] ?? ''}" is not reading or event`;
    if (typeof result === 'string') rejected.push({ line, reason: result });
    else drafts.push(result);
  }
  if (n === 0) throw new MalformedFile('not a CGM Portal export');
  // Instants need no zone; UTC is only a placeholder for the shared finisher.
  return yield* finishDraftsSliced(drafts, 'UTC', { format: 'portalCsv', dateOrder: null, rejected, ignored: 0 });
}

/** The portal's export names itself in its `format` field. */
export function isPortalJsonField(key: string | null, value: unknown): boolean {
  return key === 'format' && value === EXPORT_FORMAT;
}

/** Readings first, then events, each read item by item (json-pieces.ts); "line" is the item's number. */
export function* parsePortalJson(text: string): Sliced<ParsedFile> {
  const drafts = new DraftColumns();
  const rejected = new RejectedLines();
  const arrays = new Set<string | null>();
  let n = 0;
  let pieces = 0;
  for (const key of ['readings', 'events'] as const) {
    for (const piece of jsonPieces(text, key)) {
      if (++pieces % ROWS_PER_CHECK === 0) yield;
      if (piece.key !== key) continue;
      if ('array' in piece) arrays.add(key);
      if (!('item' in piece)) continue;
      const item = piece.item as Record<string, unknown> | null;
      const result = key === 'readings' ? readingDraft(++n, item?.time, item?.kind, item?.mgdl) : eventDraft(++n, item?.time, item?.note, item?.detail);
      if (typeof result === 'string') rejected.push({ line: n, reason: result });
      else drafts.push(result);
    }
  }
  if (!arrays.has('readings') || !arrays.has('events')) throw new MalformedFile('a CGM Portal export needs readings and events arrays');
  return yield* finishDraftsSliced(drafts, 'UTC', { format: 'portalJson', dateOrder: null, rejected, ignored: 0 });
}
