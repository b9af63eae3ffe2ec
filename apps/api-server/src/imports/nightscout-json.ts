import { isEntry, mapEntry, mapTreatment } from '../nightscout/mapping';
import { finishDrafts, MalformedFile, type Draft, type ParsedFile } from './types';

/**
 * Nightscout JSON: what `/api/v1/entries.json` or `/api/v1/treatments.json` answer (an
 * array), or an object holding `entries` and `treatments` arrays. Items are numbered from 1
 * in file order; that number is the "line" of a rejected item.
 */
export function looksLikeNightscout(value: unknown): boolean {
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? [...arrayOf(value, 'entries'), ...arrayOf(value, 'treatments')] : [];
  return items.some((i) => i && typeof i === 'object' && ('sgv' in i || 'eventType' in i || 'type' in i));
}

function arrayOf(value: object, key: string): unknown[] {
  const v = (value as Record<string, unknown>)[key];
  return Array.isArray(v) ? v : [];
}

export function parseNightscoutJson(value: unknown, zone: string): ParsedFile {
  const items: unknown[] = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? [...arrayOf(value, 'entries'), ...arrayOf(value, 'treatments')]
      : [];
  if (items.length === 0) throw new MalformedFile('no Nightscout entries or treatments in the file');
  const drafts: Draft[] = [];
  const rejected: ParsedFile['rejected'] = [];
  let ignored = 0;
  items.forEach((item, i) => {
    const line = i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      rejected.push({ line, reason: 'item is not an object' });
      return;
    }
    const doc = item as Record<string, unknown>;
    const mapped = isEntry(doc) ? mapEntry(doc, line) : typeof doc.eventType === 'string' ? mapTreatment(doc, line) : { reject: 'neither an entry (type sgv/mbg/cal) nor a treatment (eventType)' };
    if ('draft' in mapped) drafts.push(mapped.draft);
    else if ('reject' in mapped) rejected.push({ line, reason: mapped.reject });
    else ignored++;
  });
  return finishDrafts(drafts, zone, { format: 'nightscout', dateOrder: null, rejected, ignored });
}
