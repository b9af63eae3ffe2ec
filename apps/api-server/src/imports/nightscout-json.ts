import { isEntry, mapEntry, mapTreatment } from '../nightscout/mapping';
import { jsonPieces } from './json-pieces';
import { ROWS_PER_CHECK, type Sliced } from './sliced';
import { DraftColumns, finishDraftsSliced, RejectedLines, MalformedFile, type ParsedFile } from './types';

/**
 * Nightscout JSON: what `/api/v1/entries.json` or `/api/v1/treatments.json` answer (an
 * array), or an object holding `entries` and `treatments` arrays. Items are numbered from 1,
 * entries before treatments; that number is the "line" of a rejected item. Items are read one
 * by one (json-pieces.ts), never the whole file at once.
 */
const NIGHTSCOUT_ARRAYS = ['entries', 'treatments'];

/** True for a piece that is an item of a Nightscout array and looks like an entry or treatment. */
export function isNightscoutItem(key: string | null, item: unknown): boolean {
  if (key !== null && !NIGHTSCOUT_ARRAYS.includes(key)) return false;
  return !!item && typeof item === 'object' && ('sgv' in item || 'eventType' in item || 'type' in item);
}

export function* parseNightscoutJson(text: string, zone: string): Sliced<ParsedFile> {
  const topLevelArray = text.charCodeAt(0) === 91; /* [ */
  const drafts = new DraftColumns();
  const rejected = new RejectedLines();
  let ignored = 0;
  let line = 0;
  let pieces = 0;
  for (const key of topLevelArray ? [null] : NIGHTSCOUT_ARRAYS) {
    for (const piece of jsonPieces(text, key ?? undefined)) {
      if (++pieces % ROWS_PER_CHECK === 0) yield;
      if (piece.key !== key || !('item' in piece)) continue;
      const item = piece.item;
      line++;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        rejected.push({ line, reason: 'item is not an object' });
        continue;
      }
      const doc = item as Record<string, unknown>;
      const mapped = isEntry(doc) ? mapEntry(doc, line) : typeof doc.eventType === 'string' ? mapTreatment(doc, line) : { reject: 'neither an entry (type sgv/mbg/cal) nor a treatment (eventType)' };
      if ('draft' in mapped) drafts.push(mapped.draft);
      else if ('reject' in mapped) rejected.push({ line, reason: mapped.reject });
      else ignored++;
    }
  }
  if (line === 0) throw new MalformedFile('no Nightscout entries or treatments in the file');
  return yield* finishDraftsSliced(drafts, zone, { format: 'nightscout', dateOrder: null, rejected, ignored });
}
