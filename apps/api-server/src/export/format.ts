import { IANAZone } from 'luxon';
import type { EventDetail } from '@cgm-portal/api-client/contract';
import type { ReadingKind } from '../store/types';

/**
 * The portal's export, lossless by construction: every reading with its UTC instant (epoch
 * ms), integer mg/dL and kind, and every event with its instant, type, note and the full
 * detail the portal stores. README "Export" documents it; importing it back into an empty
 * account reproduces the same data and so the same metrics.
 */
export const EXPORT_FORMAT = 'cgm-portal-export';
export const EXPORT_VERSION = 1;
export const CSV_COLUMNS = ['record', 'time', 'local_time', 'kind', 'mgdl', 'event_type', 'note', 'detail'] as const;

export interface ExportReading {
  time: number;
  mgdl: number;
  kind: ReadingKind;
}
export interface ExportEvent {
  time: number;
  eventType: EventDetail['eventType'];
  note: string;
  detail: EventDetail;
}
export interface ExportData {
  timeZone: string;
  from: number;
  to: number;
  exportedAt: number;
  readings: ExportReading[];
  events: ExportEvent[];
}

export function exportJson(data: ExportData): string {
  return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, ...data });
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Local wall time with offset, for people reading the file; the import reads `time`. */
export function localTimeFormatter(zoneName: string): (time: number) => string {
  const zone = IANAZone.create(zoneName);
  const offsets = new Map<number, number>();
  return (time) => {
    // Zone transitions fall on quarter hours, so one offset per UTC quarter hour is exact.
    const quarter = Math.floor(time / 900_000);
    let offset = offsets.get(quarter);
    if (offset === undefined) offsets.set(quarter, (offset = zone.offset(time)));
    const local = new Date(time + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
}

export function exportCsv(data: ExportData): string {
  const local = localTimeFormatter(data.timeZone);
  const lines: string[] = [CSV_COLUMNS.join(',')];
  for (const r of data.readings) lines.push(`reading,${r.time},${local(r.time)},${r.kind},${r.mgdl},,,`);
  for (const e of data.events) {
    lines.push(`event,${e.time},${local(e.time)},,,${e.eventType},${csvField(e.note)},${csvField(JSON.stringify(e.detail))}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
