/**
 * Input checks shared by every public function. Bad input throws one clear error naming the
 * function, the field and the first bad index, instead of vanishing into `count: 0` and nulls:
 * a `TypeError` for a value of the wrong kind (a string, a Date, a missing key or options object),
 * a `RangeError` for a number that cannot be what it claims (NaN, negative glucose, a time in
 * seconds, an unknown option value).
 */
import { MGDL_PER_MMOL } from './units.js';
import { assertZone } from './zone.js';

/** Glucose unit of the input values. Results are always mg/dL. */
export type GlucoseUnit = 'mg/dL' | 'mmol/L';

export interface UnitOptions {
  /**
   * Unit of the readings. Default 'mg/dL' with readings `{ time, mgdl }`; with 'mmol/L' the readings
   * are `{ time, mmol }` and are converted with MGDL_PER_MMOL. Never guessed from the values.
   */
  unit?: GlucoseUnit;
}

/** The internal columns every checked input becomes (same shape as series.ts' Series). */
interface Columns {
  time: Float64Array;
  mgdl: Float64Array;
}

/**
 * Times are epoch milliseconds. CGM did not exist before 1980, so anything earlier is a mistake;
 * epoch seconds of any date up to 2200 are below this bound and are recognised as such.
 */
export const EPOCH_MS_MIN = Date.UTC(1980, 0, 1);
/** Past 2200 a "time" is microseconds or nanoseconds, not milliseconds. */
export const EPOCH_MS_MAX = Date.UTC(2200, 0, 1);

function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v instanceof Date) return `Date ${Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString()}`;
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return 'an array';
  if (v !== null && typeof v === 'object') return `an object with keys ${Object.keys(v).join(', ') || '(none)'}`;
  return String(v);
}

/** Why a time value is not epoch ms, as an error to throw (null when it is fine). */
export function timeProblem(fn: string, field: string, t: unknown): TypeError | RangeError | null {
  if (typeof t === 'number') {
    if (t >= EPOCH_MS_MIN && t < EPOCH_MS_MAX) return null;
    if (Number.isNaN(t)) return new RangeError(`${fn}: ${field} is NaN; every time must be epoch milliseconds`);
    if (t >= EPOCH_MS_MIN / 1000 && t < EPOCH_MS_MAX / 1000) {
      return new RangeError(
        `${fn}: ${field} is ${t}, which looks like epoch seconds; times must be epoch milliseconds (multiply by 1000)`,
      );
    }
    if (t >= EPOCH_MS_MAX && t / 1000 < EPOCH_MS_MAX) {
      return new RangeError(
        `${fn}: ${field} is ${t}, which looks like epoch microseconds; times must be epoch milliseconds (divide by 1000)`,
      );
    }
    return new RangeError(`${fn}: ${field} is ${t}, not an epoch-milliseconds time between 1980 and 2200`);
  }
  if (t instanceof Date) {
    return new TypeError(`${fn}: ${field} is a Date object; pass epoch milliseconds (date.getTime())`);
  }
  if (typeof t === 'string') {
    const hint = Number.isNaN(Date.parse(t)) ? '' : ` (Date.parse(${show(t)}) gives them)`;
    return new TypeError(`${fn}: ${field} is the string ${show(t)}; pass epoch milliseconds${hint}`);
  }
  return new TypeError(`${fn}: ${field} is ${show(t)}; every time must be a number of epoch milliseconds`);
}

function glucoseProblem(fn: string, field: string, g: unknown, unit: GlucoseUnit): TypeError | RangeError | null {
  if (typeof g === 'number') {
    if (g > 0 && g < Number.POSITIVE_INFINITY) return null;
    if (Number.isNaN(g)) return new RangeError(`${fn}: ${field} is NaN; drop missing readings before calling`);
    if (g <= 0) return new RangeError(`${fn}: ${field} is ${g}; glucose must be positive (${unit})`);
    return new RangeError(`${fn}: ${field} is ${g}; glucose must be a finite number (${unit})`);
  }
  if (typeof g === 'string') {
    return new TypeError(`${fn}: ${field} is the string ${show(g)}; glucose must be a number (${unit}), e.g. Number(value)`);
  }
  return new TypeError(`${fn}: ${field} is ${show(g)}; glucose must be a number (${unit})`);
}

function valueKeyOf(unit: GlucoseUnit): 'mgdl' | 'mmol' {
  return unit === 'mmol/L' ? 'mmol' : 'mgdl';
}

function missingKey(fn: string, where: string, obj: object, key: string, unit: GlucoseUnit): TypeError {
  const keys = Object.keys(obj);
  const expected = `{ time, ${valueKeyOf(unit)} }`;
  let hint = '';
  if (key === 'mgdl' && 'mmol' in obj) hint = "; for mmol/L readings pass { unit: 'mmol/L' }";
  if (key === 'mmol' && 'mgdl' in obj) hint = "; the readings are in mg/dL, so leave out { unit: 'mmol/L' }";
  return new TypeError(
    `${fn}: ${where} has no "${key}" key (it has ${keys.length ? keys.join(', ') : 'none'}); expected ${expected}${hint}`,
  );
}

export interface ReadOptions extends UnitOptions {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Checks the readings and copies them into columns (mg/dL), keeping those in [from, to). Throws on
 * the first bad reading. Input order and duplicates are kept.
 */
export function checkedReadings(input: unknown, options: ReadOptions, fn: string): Columns {
  const unit = options.unit ?? 'mg/dL';
  const key = valueKeyOf(unit);
  const factor = unit === 'mmol/L' ? MGDL_PER_MMOL : 1;
  const from = options.from ?? Number.NEGATIVE_INFINITY;
  const to = options.to ?? Number.POSITIVE_INFINITY;
  if (input === null || typeof input !== 'object') {
    throw new TypeError(`${fn}: readings must be an array of { time, ${key} } or columns { time: [], ${key}: [] }, got ${show(input)}`);
  }
  if (Array.isArray(input)) {
    const n = input.length;
    const time = new Float64Array(n);
    const mgdl = new Float64Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const r: unknown = input[i];
      if (r === null || typeof r !== 'object') {
        throw new TypeError(`${fn}: readings[${i}] is ${show(r)}; each reading is { time, ${key} }`);
      }
      const t = (r as Record<string, unknown>).time;
      const g = (r as Record<string, unknown>)[key];
      // The fast path is one comparison per field; the detailed checks run only on a failure.
      if (!(typeof t === 'number' && t >= EPOCH_MS_MIN && t < EPOCH_MS_MAX)) {
        if (t === undefined && !('time' in r)) throw missingKey(fn, `readings[${i}]`, r, 'time', unit);
        throw timeProblem(fn, `readings[${i}].time`, t)!;
      }
      if (!(typeof g === 'number' && g > 0 && g < Number.POSITIVE_INFINITY)) {
        if (g === undefined && !(key in r)) throw missingKey(fn, `readings[${i}]`, r, key, unit);
        throw glucoseProblem(fn, `readings[${i}].${key}`, g, unit)!;
      }
      if (t < from || t >= to) continue;
      time[k] = t;
      mgdl[k] = g * factor;
      k++;
    }
    return k === n ? { time, mgdl } : { time: time.subarray(0, k), mgdl: mgdl.subarray(0, k) };
  }
  const cols = input as Record<string, unknown>;
  for (const c of ['time', key]) {
    const col = cols[c];
    if (col === undefined) throw missingKey(fn, 'the readings columns', input, c, unit);
    if (col === null || typeof col !== 'object' || typeof (col as ArrayLike<number>).length !== 'number') {
      throw new TypeError(`${fn}: the ${c} column must be an array or typed array, got ${show(col)}`);
    }
  }
  const times = cols.time as ArrayLike<unknown>;
  const values = cols[key] as ArrayLike<unknown>;
  if (times.length !== values.length) {
    throw new RangeError(`${fn}: time and ${key} columns differ in length (${times.length} vs ${values.length})`);
  }
  const n = times.length;
  const time = new Float64Array(n);
  const mgdl = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = times[i];
    const g = values[i];
    if (!(typeof t === 'number' && t >= EPOCH_MS_MIN && t < EPOCH_MS_MAX)) throw timeProblem(fn, `time[${i}]`, t)!;
    if (!(typeof g === 'number' && g > 0 && g < Number.POSITIVE_INFINITY)) throw glucoseProblem(fn, `${key}[${i}]`, g, unit)!;
    if (t < from || t >= to) continue;
    time[k] = t;
    mgdl[k] = g * factor;
    k++;
  }
  return k === n ? { time, mgdl } : { time: time.subarray(0, k), mgdl: mgdl.subarray(0, k) };
}

type Check = (fn: string, key: string, v: unknown) => void;

const positiveNumber: Check = (fn, key, v) => {
  if (typeof v !== 'number') throw new TypeError(`${fn}: options.${key} must be a number, got ${show(v)}`);
  if (!(v > 0 && v < Number.POSITIVE_INFINITY)) throw new RangeError(`${fn}: options.${key} must be a positive number, got ${v}`);
};

const positiveInteger: Check = (fn, key, v) => {
  positiveNumber(fn, key, v);
  if (!Number.isInteger(v)) throw new RangeError(`${fn}: options.${key} must be a whole number, got ${String(v)}`);
};

const oneOf =
  (values: readonly string[]): Check =>
  (fn, key, v) => {
    if (typeof v !== 'string' || !values.includes(v)) {
      throw new RangeError(`${fn}: options.${key} must be one of ${values.map((x) => `'${x}'`).join(', ')}, got ${show(v)}`);
    }
  };

const epochMs: Check = (fn, key, v) => {
  if (v === undefined) return;
  const p = timeProblem(fn, `options.${key}`, v);
  if (p) throw p;
};

const RANGE_KEYS = ['veryLow', 'low', 'high', 'veryHigh'] as const;

const rangesCheck: Check = (fn, key, v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new TypeError(`${fn}: options.${key} must be an object { veryLow, low, high, veryHigh }, got ${show(v)}`);
  }
  for (const [k, x] of Object.entries(v)) {
    if (!(RANGE_KEYS as readonly string[]).includes(k)) {
      throw new TypeError(`${fn}: options.${key}.${k} is not a range threshold (use ${RANGE_KEYS.join(', ')})`);
    }
    if (x !== undefined) positiveNumber(fn, `${key}.${k}`, x);
  }
};

/** Every option any function accepts, with its check. Functions list which subset they take. */
const OPTION_CHECKS: Record<string, Check> = {
  timeZone: (fn, key, v) => {
    if (typeof v !== 'string') throw new TypeError(`${fn}: options.${key} must be an IANA zone name, got ${show(v)}`);
    assertZone(v);
  },
  unit: (fn, key, v) => oneOf(['mg/dL', 'mmol/L'])(fn, key, v),
  from: epochMs,
  to: epochMs,
  intervalMinutes: positiveNumber,
  binMinutes: positiveNumber,
  hours: positiveInteger,
  congaHours: positiveInteger,
  lagDays: positiveInteger,
  moddLagDays: positiveInteger,
  direction: oneOf(['avg', 'service', 'max', 'plus', 'minus']),
  mageDirection: oneOf(['avg', 'service', 'max', 'plus', 'minus']),
  dayAlignment: oneOf(['clock', 'absolute']),
  clampToSensorSpan: (fn, key, v) => {
    if (typeof v !== 'boolean') throw new TypeError(`${fn}: options.${key} must be true or false, got ${show(v)}`);
  },
  calibrations: (fn, key, v) => {
    if (!Array.isArray(v)) throw new TypeError(`${fn}: options.${key} must be an array of epoch ms, got ${show(v)}`);
    v.forEach((t, i) => epochMs(fn, `${key}[${i}]`, t));
  },
  ranges: rangesCheck,
  magMinutes: positiveNumber,
  hypoLevel1: positiveNumber,
  hypoLevel2: positiveNumber,
  hyperLevel1: positiveNumber,
  hyperLevel2: positiveNumber,
  minDurationMinutes: positiveNumber,
  endDurationMinutes: positiveNumber,
  extendedHypoMinutes: positiveNumber,
  episodes: (fn, key, v) => checkOptionsObject(`${fn} (options.${key})`, v, EPISODE_THRESHOLD_KEYS),
};

export const EPISODE_THRESHOLD_KEYS = [
  'hypoLevel1',
  'hypoLevel2',
  'hyperLevel1',
  'hyperLevel2',
  'minDurationMinutes',
  'endDurationMinutes',
  'extendedHypoMinutes',
] as const;

function checkOptionsObject(fn: string, options: unknown, allowed: readonly string[]): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object, got ${show(options)}`);
  }
  for (const [key, v] of Object.entries(options)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${fn}: unknown option "${key}"; it takes ${allowed.join(', ')}`);
    }
    // An explicit undefined is the same as leaving the option out (spreads of partial settings).
    if (v === undefined) continue;
    OPTION_CHECKS[key]!(fn, key, v);
  }
}

/** Checks an optional options object: unknown keys and bad values throw; undefined is fine. */
export function checkOptions(fn: string, options: unknown, allowed: readonly string[]): void {
  if (options === undefined) return;
  checkOptionsObject(fn, options, allowed);
}

/**
 * Checks an options object that must be there because it carries the time zone: local days are
 * never cut in a zone chosen by accident.
 */
export function checkZonedOptions(fn: string, options: unknown, allowed: readonly string[]): void {
  if (options === undefined || options === null) {
    throw new TypeError(`${fn}: an options object with timeZone is required, e.g. { timeZone: 'Europe/Paris' }; got ${show(options)}`);
  }
  checkOptionsObject(fn, options, allowed);
  if ((options as { timeZone?: unknown }).timeZone === undefined) {
    throw new TypeError(`${fn}: options.timeZone is required (an IANA zone such as 'Europe/Paris' or 'UTC')`);
  }
}

export const WINDOW_KEYS = ['from', 'to'] as const;
export const GRID_KEYS = ['timeZone', 'intervalMinutes', 'dayAlignment', 'unit'] as const;
