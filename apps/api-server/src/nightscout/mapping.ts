import { naiveOf, validFields } from '../imports/local-time';
import { isStorableMgdl, mgdlFromMmol, type Draft, type DraftEvent } from '../imports/types';

/**
 * Nightscout documents (entries and treatments) → the portal's readings and events, shared
 * by the /api/v1 upload routes and the Nightscout JSON import.
 *
 * Entries: `sgv` (sensor, mg/dL) → reading kind sgv; `mbg` (meter) → reading kind mbg plus
 * a BG event; `cal` (a slope/intercept record, no glucose) → nothing to keep. Values 39 and
 * below 39: Dexcom sends 39 for "LOW" (kept as the portal's low marker); 0–38 are sensor
 * error codes, not glucose, and are refused. `direction`, `noise` and `device` are accepted
 * and not stored (GET /entries recomputes the direction from consecutive readings).
 *
 * Treatments: insulin → insulin event (basal types long-acting, others short-acting); carbs
 * → meal event; "BG Check" with glucose → BG event + mbg reading; Exercise with duration →
 * sport event; `notes` becomes the note. Other types (Temp Basal, Site Change, Note, …) have
 * no portal record and are ignored.
 */
export type Mapped = { draft: Draft } | { reject: string } | { ignore: true };

type Doc = Record<string, unknown>;

const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** An instant from epoch ms, or a wall time from an ISO string without offset. */
export function timeOf(value: unknown): { time: number } | { naive: number } | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return { time: Math.round(value) };
  if (typeof value !== 'string' || value.trim() === '') return null;
  const s = value.trim();
  if (/^\d{12,14}$/.test(s)) return { time: Number(s) };
  if (ZONED.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : { time: t };
  }
  const m = LOCAL.exec(s);
  if (!m) return null;
  const f = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  return validFields(...f) ? { naive: naiveOf(...f) } : null;
}

function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

export function isEntry(doc: Doc): boolean {
  return typeof doc.type === 'string' && ['sgv', 'mbg', 'cal'].includes(doc.type) || (doc.sgv !== undefined && doc.eventType === undefined);
}

export function mapEntry(doc: Doc, line: number): Mapped {
  const type = typeof doc.type === 'string' ? doc.type : 'sgv';
  if (type === 'cal') return { ignore: true };
  if (type !== 'sgv' && type !== 'mbg') return { reject: `entry type "${String(doc.type)}" is not sgv, mbg or cal` };
  const when = timeOf(doc.date) ?? timeOf(doc.dateString) ?? timeOf(doc.sysTime);
  if (!when) return { reject: 'entry has no date (epoch ms) or dateString' };
  const raw = num(type === 'sgv' ? doc.sgv : doc.mbg);
  if (!Number.isFinite(raw)) return { reject: `${type} is not a number` };
  const mgdl = Math.round(raw);
  if (type === 'sgv' && mgdl < 39) return { reject: `sgv ${mgdl} is a sensor error code, not glucose` };
  if (!isStorableMgdl(mgdl)) return { reject: `${type} ${mgdl} mg/dL is out of range` };
  const draft: Draft = { line, stream: type, reading: { kind: type, mgdl }, ...when };
  if (type === 'mbg') draft.events = [{ note: '', detail: { eventType: 'BG', mgdl } }];
  return { draft };
}

export function mapTreatment(doc: Doc, line: number): Mapped {
  const eventType = typeof doc.eventType === 'string' ? doc.eventType : '';
  const when = timeOf(doc.created_at) ?? timeOf(doc.date) ?? timeOf(doc.mills) ?? timeOf(doc.timestamp);
  if (!when) return { reject: 'treatment has no created_at' };
  const note = typeof doc.notes === 'string' ? doc.notes : '';
  const events: DraftEvent[] = [];
  let reading: Draft['reading'];
  const insulin = num(doc.insulin);
  if (insulin > 0) {
    const basal = /basal|long/i.test(eventType) || /long/i.test(String(doc.insulinType ?? ''));
    events.push({ note, detail: { eventType: 'insulin', insulinKind: basal ? 'Long_acting' : 'Short_acting', units: insulin } });
  }
  const carbs = num(doc.carbs);
  if (carbs > 0) events.push({ note, detail: { eventType: 'meal', mealTag: 'Extra', carbs } });
  const glucose = num(doc.glucose);
  if (/bg check/i.test(eventType) && Number.isFinite(glucose)) {
    const mmol = /mmol/i.test(String(doc.units ?? '')) || (glucose < 35 && !Number.isInteger(glucose));
    const mgdl = mmol ? mgdlFromMmol(glucose) : Math.round(glucose);
    if (!isStorableMgdl(mgdl)) return { reject: `glucose ${glucose} is out of range` };
    events.push({ note, detail: { eventType: 'BG', mgdl } });
    reading = { kind: 'mbg', mgdl };
  }
  const duration = num(doc.duration);
  if (/exercise/i.test(eventType) && duration > 0) {
    events.push({ note, detail: { eventType: 'sport', sportName: 'Exercise', durationMinutes: Math.round(duration), intensity: 'moderate' } });
  }
  if (events.length === 0) return { ignore: true };
  return { draft: { line, stream: `treatment:${eventType}`, events, ...(reading ? { reading } : {}), ...when } };
}
