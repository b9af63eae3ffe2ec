import { MGDL_PER_MMOL, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import { fallbackNames, namedNumberFormat } from './internal/locale-names';

/** Display unit of glucose; data is always mg/dL and converted only here, at display. */
export type GlucoseUnit = 'mg/dL' | 'mmol/L';

const numberFormats = new Map<string, Pick<Intl.NumberFormat, 'format'>>();

function numberFormat(locale: string, digits: number): Pick<Intl.NumberFormat, 'format'> {
  const names = fallbackNames(locale);
  const key = `${locale}|${digits}|${names ? 'named' : 'intl'}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    format = names ? namedNumberFormat(names, options) : new Intl.NumberFormat(locale, options);
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

/**
 * How many decimals a percent is printed with: one under 1 %, else none; and one more, two at
 * most, while rounding would print one of the goal `thresholds` it stands beside. "1 % (<1 %),
 * not met" reads as a contradiction to the person deciding on it; "1.2 %" does not.
 */
export function percentDigits(percent: number, thresholds: readonly number[] = []): number {
  let digits = percent > 0 && percent < 1 ? 1 : 0;
  if (thresholds.includes(percent)) return digits;
  while (digits < 2 && thresholds.includes(roundTo(percent, digits))) digits++;
  return digits;
}

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A percent formatted for the locale: "0.4", "12", and "1.2" beside a goal of 1 (see percentDigits). */
export function formatPercent(percent: number, locale = 'en', thresholds: readonly number[] = []): string {
  const digits = percentDigits(percent, thresholds);
  return numberFormat(locale, digits).format(roundTo(percent, digits));
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

/**
 * Wraps a phrase of the page's language ("Less than 5%") set inside a longer line, so it keeps
 * its own direction (first strong isolate) and its neighbours keep theirs: an Arabic phrase
 * forced left to right reads from its end.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}
