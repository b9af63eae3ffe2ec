import { MGDL_PER_MMOL, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';

/** Display unit of glucose; data is always mg/dL and converted only here, at display. */
export type GlucoseUnit = 'mg/dL' | 'mmol/L';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

/** Glucose in the display unit as a number (mg/dL rounded to 1, mmol/L to 0.1). */
export function toDisplayUnit(mgdl: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? Math.round((mgdl / MGDL_PER_MMOL) * 10) / 10 : Math.round(mgdl);
}

/** A glucose value formatted for the locale without its unit: "154" or "8.6". */
export function formatGlucose(mgdl: number, unit: GlucoseUnit, locale = 'en'): string {
  return numberFormat(locale, unit === 'mmol/L' ? 1 : 0).format(toDisplayUnit(mgdl, unit));
}

/** A percent formatted for the locale, one decimal under 1 %, else whole: "0.4", "12". */
export function formatPercent(percent: number, locale = 'en'): string {
  const digits = percent > 0 && percent < 1 ? 1 : 0;
  return numberFormat(locale, digits).format(digits ? Math.round(percent * 10) / 10 : Math.round(percent));
}

/** True when the reading is below the sensor's span (device shows "LO"). */
export function isLo(mgdl: number): boolean {
  return mgdl < SENSOR_MIN_MGDL;
}

/** True when the reading is above the sensor's span (device shows "HI"). */
export function isHi(mgdl: number): boolean {
  return mgdl > SENSOR_MAX_MGDL;
}

/** The value drawn on a chart: LO and HI sit on the sensor's bounds. */
export function clampToSensor(mgdl: number): number {
  return mgdl < SENSOR_MIN_MGDL ? SENSOR_MIN_MGDL : mgdl > SENSOR_MAX_MGDL ? SENSOR_MAX_MGDL : mgdl;
}

/** Wraps a numeric expression ("<54", "70–180") so a right-to-left page keeps its order. */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
