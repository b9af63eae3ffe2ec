import { CSV_COLUMNS, EXPORT_FORMAT } from '../export/format';
import type { CsvRow } from './csv';
import { isStorableMgdl, MalformedFile, finishDrafts, type Draft, type ParsedFile } from './types';

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

export function parsePortalCsv(rows: CsvRow[]): ParsedFile {
  if (!rows[0] || !isPortalCsvHeader(rows[0].fields)) throw new MalformedFile('not a CGM Portal export');
  const drafts: Draft[] = [];
  const rejected: ParsedFile['rejected'] = [];
  for (const { line, fields: f } of rows.slice(1)) {
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
  // Instants need no zone; UTC is only a placeholder for the shared finisher.
  return finishDrafts(drafts, 'UTC', { format: 'portalCsv', dateOrder: null, rejected, ignored: 0 });
}

export function isPortalJson(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { format?: unknown }).format === EXPORT_FORMAT;
}

export function parsePortalJson(value: unknown): ParsedFile {
  const doc = value as { readings?: unknown; events?: unknown };
  if (!Array.isArray(doc.readings) || !Array.isArray(doc.events)) throw new MalformedFile('a CGM Portal export needs readings and events arrays');
  const drafts: Draft[] = [];
  const rejected: ParsedFile['rejected'] = [];
  // "line" is the item's number: readings first, then events, as in the file.
  let n = 0;
  for (const r of doc.readings as Array<Record<string, unknown>>) {
    const result = readingDraft(++n, r?.time, r?.kind, r?.mgdl);
    if (typeof result === 'string') rejected.push({ line: n, reason: result });
    else drafts.push(result);
  }
  for (const e of doc.events as Array<Record<string, unknown>>) {
    const result = eventDraft(++n, e?.time, e?.note, e?.detail);
    if (typeof result === 'string') rejected.push({ line: n, reason: result });
    else drafts.push(result);
  }
  return finishDrafts(drafts, 'UTC', { format: 'portalJson', dateOrder: null, rejected, ignored: 0 });
}
