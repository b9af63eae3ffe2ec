import type { CsvRow } from './csv';
import { parseNumber } from './csv';
import { naiveOf, validFields } from './local-time';
import { ROWS_PER_CHECK, type Sliced } from './sliced';
import { DraftColumns, finishDraftsSliced, RejectedLines, isStorableMgdl, MalformedFile, mgdlFromMmol, OUT_OF_RANGE, type ParsedFile } from './types';

/**
 * Dexcom Clarity CSV export. Both column sets are read by name: the older one (13 columns,
 * no Transmitter ID) and the newer one (14 columns); glucose in mg/dL or mmol/L, named in
 * the header ("Glucose Value (mmol/L)"). Rows without a timestamp are the patient, device
 * and alert-setting lines at the top. "Low" and "High" are out-of-range sensor values.
 */
export function isClarityHeader(fields: string[]): boolean {
  const lower = fields.map((f) => f.trim().toLowerCase());
  return lower.some((f) => f.startsWith('timestamp (')) && lower.includes('event type');
}

const ISO_LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

const EXERCISE_INTENSITY: Record<string, 'light' | 'moderate' | 'vigorous'> = {
  light: 'light',
  medium: 'moderate',
  heavy: 'vigorous',
};
const ALERT_KIND: Record<string, 'high' | 'low' | 'urgentLow' | 'signalLoss'> = {
  high: 'high',
  low: 'low',
  'urgent low': 'urgentLow',
  'signal loss': 'signalLoss',
};

/** The columns of a Clarity header row, by name. */
function clarityColumns(fields: string[]) {
  const header = fields.map((f) => f.trim().toLowerCase());
  const col = (prefix: string) => header.findIndex((h) => h.startsWith(prefix));
  const columns = {
    time: col('timestamp ('),
    type: col('event type'),
    sub: col('event subtype'),
    glucose: col('glucose value ('),
    insulin: col('insulin value'),
    carbs: col('carb value'),
    duration: col('duration'),
  };
  if (columns.glucose < 0) throw new MalformedFile('no "Glucose Value" column in the Dexcom Clarity header');
  return { ...columns, mmol: header[columns.glucose]!.includes('mmol') };
}

/** Rows are read once, in order, as they come (csvRows); the rows before the header are skipped. */
export function* parseClarity(rows: Iterable<CsvRow>, zone: string): Sliced<ParsedFile> {
  let columns: ReturnType<typeof clarityColumns> | null = null;
  const drafts = new DraftColumns();
  const rejected = new RejectedLines();
  let ignored = 0;

  const glucoseOf = (raw: string, allowMarkers: boolean): number | string => {
    const text = raw.trim();
    if (allowMarkers && /^low$/i.test(text)) return OUT_OF_RANGE.low;
    if (allowMarkers && /^high$/i.test(text)) return OUT_OF_RANGE.dexcomHigh;
    const value = parseNumber(text);
    if (Number.isNaN(value)) return `glucose value "${text}" is not a number`;
    const mgdl = columns!.mmol ? mgdlFromMmol(value) : Math.round(value);
    if (!isStorableMgdl(mgdl)) return `glucose value ${text} is out of range`;
    return mgdl;
  };

  let n = 0;
  for (const row of rows) {
    if (++n % ROWS_PER_CHECK === 0) yield;
    if (!columns) {
      if (isClarityHeader(row.fields)) columns = clarityColumns(row.fields);
      continue;
    }
    const { time: cTime, type: cType, sub: cSub, glucose: cGlucose, insulin: cInsulin, carbs: cCarbs, duration: cDuration } = columns;
    const f = row.fields;
    const at = (i: number) => (i >= 0 ? (f[i] ?? '').trim() : '');
    const stamp = at(cTime);
    const type = at(cType).toLowerCase();
    if (stamp === '') {
      ignored++; // FirstName, LastName, Device and alert-setting rows
      continue;
    }
    const m = ISO_LOCAL.exec(stamp);
    if (!m) {
      rejected.push({ line: row.line, reason: `timestamp "${stamp}" is not YYYY-MM-DDThh:mm:ss` });
      continue;
    }
    const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
    if (!validFields(y, mo, d, h, mi, s)) {
      rejected.push({ line: row.line, reason: `timestamp "${stamp}" is not a real date and time` });
      continue;
    }
    const naive = naiveOf(y, mo, d, h, mi, s);
    const sub = at(cSub).toLowerCase();
    switch (type) {
      case 'egv': {
        const g = glucoseOf(at(cGlucose), true);
        if (typeof g === 'string') rejected.push({ line: row.line, reason: g });
        else drafts.push({ line: row.line, naive, stream: 'sgv', reading: { kind: 'sgv', mgdl: g } });
        break;
      }
      case 'calibration': {
        const g = glucoseOf(at(cGlucose), false);
        if (typeof g === 'string') rejected.push({ line: row.line, reason: g });
        else
          drafts.push({
            line: row.line,
            naive,
            stream: 'cal',
            reading: { kind: 'cal', mgdl: g },
            events: [{ note: '', detail: { eventType: 'calibration', mgdl: g } }],
          });
        break;
      }
      case 'carbs': {
        const carbs = parseNumber(at(cCarbs));
        if (Number.isNaN(carbs)) rejected.push({ line: row.line, reason: 'carbs value is not a number' });
        else drafts.push({ line: row.line, naive, stream: 'meal', events: [{ note: '', detail: { eventType: 'meal', mealTag: 'Extra', carbs } }] });
        break;
      }
      case 'insulin': {
        const units = parseNumber(at(cInsulin));
        if (Number.isNaN(units)) rejected.push({ line: row.line, reason: 'insulin value is not a number' });
        else
          drafts.push({
            line: row.line,
            naive,
            stream: 'insulin',
            events: [{ note: '', detail: { eventType: 'insulin', insulinKind: sub.startsWith('long') ? 'Long_acting' : 'Short_acting', units } }],
          });
        break;
      }
      case 'exercise': {
        const dm = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(at(cDuration));
        const minutes = dm ? Number(dm[1]) * 60 + Number(dm[2]) + Math.round(Number(dm[3] ?? 0) / 60) : NaN;
        if (!(minutes > 0)) rejected.push({ line: row.line, reason: 'exercise without a duration (hh:mm:ss)' });
        else
          drafts.push({
            line: row.line,
            naive,
            stream: 'sport',
            events: [{ note: '', detail: { eventType: 'sport', sportName: 'Exercise', durationMinutes: minutes, intensity: EXERCISE_INTENSITY[sub] ?? 'moderate' } }],
          });
        break;
      }
      case 'alert': {
        const kind = ALERT_KIND[sub];
        if (!kind) {
          ignored++;
          break;
        }
        const g = glucoseOf(at(cGlucose), true);
        drafts.push({ line: row.line, naive, stream: 'alert', events: [{ note: '', detail: { eventType: 'alert', alertKind: kind, mgdl: typeof g === 'number' ? g : null } }] });
        break;
      }
      default:
        ignored++; // Health (illness, stress, …) and device events: nothing the portal records
    }
  }
  if (!columns) throw new MalformedFile('no Dexcom Clarity header (Timestamp, Event Type) found');
  return yield* finishDraftsSliced(drafts, zone, { format: 'clarity', dateOrder: null, rejected, ignored });
}
