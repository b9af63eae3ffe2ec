import { MAX_IMPORT_BYTES, type ImportSummary } from '@cgm-portal/api-client';
import { DateTime } from 'luxon';

/** Proper names shown as they are in every language (formats, protocol, apps). */
export const IMPORT_FORMATS = 'Dexcom Clarity CSV, LibreView CSV, Nightscout JSON, CGM Portal CSV/JSON';
export const UPLOADER_PROTOCOL = 'Nightscout';
export const UPLOADER_APPS = 'xDrip+, AAPS, Loop';

/** Largest file the import accepts, in whole megabytes. */
export const MAX_IMPORT_MB = Math.floor(MAX_IMPORT_BYTES / (1024 * 1024));

/** The IANA zones the picker offers: the runtime's list, always with the member's own and UTC. */
export function timeZoneChoices(memberZone: string): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  return [...new Set([memberZone, 'UTC', ...zones])].sort((a, b) => (a === memberZone ? -1 : b === memberZone ? 1 : a.localeCompare(b)));
}

/** Days `from`..`to` (YYYY-MM-DD, both included) in the member's zone → [from, to) in epoch ms; null when invalid. */
export function exportSpan(fromDay: string, toDay: string, zone: string): { from: number; to: number } | null {
  const from = DateTime.fromISO(fromDay, { zone }).startOf('day');
  const to = DateTime.fromISO(toDay, { zone }).plus({ days: 1 }).startOf('day');
  if (!from.isValid || !to.isValid || from.toMillis() >= to.toMillis() || from.toMillis() < 0) return null;
  return { from: from.toMillis(), to: to.toMillis() };
}

/** The last 90 days up to today, in the member's zone. */
export function defaultExportDays(now: number, zone: string): { from: string; to: string } {
  const today = DateTime.fromMillis(now, { zone });
  return { from: today.minus({ days: 89 }).toISODate()!, to: today.toISODate()! };
}

/**
 * Import steps, in order. The file goes to the server as it is (the browser streams it), so the
 * bar is indeterminate while the server checks or writes.
 */
export type ImportStage = 'idle' | 'checking' | 'previewed' | 'writing' | 'done';

export function progressOf(stage: ImportStage): number | null {
  if (stage === 'checking' || stage === 'writing') return null;
  return stage === 'done' || stage === 'previewed' ? 100 : 0;
}

/** True when a commit would change nothing (the preview found only duplicates, ignored or rejected rows). */
export function nothingToAdd(summary: ImportSummary): boolean {
  return summary.readings.added === 0 && summary.events.added === 0;
}

/** Saves text as a file the browser downloads. */
export function downloadText(fileName: string, contentType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The address an uploader is given: the site the portal's API answers on. */
export function uploaderAddress(apiBaseUrl: string, origin: string): string {
  const base = apiBaseUrl || origin;
  return base.replace(/\/+$/, '').replace(/\/api$/, '');
}

/**
 * xDrip+'s "Base URL": the secret travels as the URL's user part and the path names API v1
 * (xDrip+ reads both from that one field and sends the secret's SHA-1 as `api-secret`).
 */
export function xdripBaseUrl(address: string, secret: string): string {
  const url = new URL(address);
  return `${url.protocol}//${encodeURIComponent(secret)}@${url.host}${url.pathname.replace(/\/+$/, '')}/api/v1/`;
}
