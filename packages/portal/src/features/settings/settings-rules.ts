import type { GlucoseUnit, MemberSeting } from '@cgm-portal/api-client';
import { SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import { fromUnit, toUnit } from '../glucose/glucose-format';

export const THRESHOLD_FIELDS = ['targetLow', 'targetHigh', 'urgentLowAlert', 'lowAlert', 'highAlert', 'urgentHighAlert'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** What the form holds: thresholds as typed, in the display unit. */
export interface SettingsForm {
  unit: GlucoseUnit;
  values: Record<ThresholdField, string>;
  /**
   * The mg/dL each shown value came from. mmol/L has one decimal, so 55 mg/dL shows as 3.1 and
   * 3.1 reads back as 56: an untouched value keeps its stored mg/dL instead of drifting on save.
   */
  origin: Partial<Record<ThresholdField, number>>;
}

/** An i18n key with its values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}
export type SettingsErrors = Partial<Record<ThresholdField, FieldError>>;

export function formOf(seting: MemberSeting): SettingsForm {
  const values = Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f, String(toUnit(seting[f], seting.unit))])) as SettingsForm['values'];
  return { unit: seting.unit, values, origin: Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f, seting[f]])) };
}

/** The mg/dL a typed value stands for: its origin while it still shows the origin, else converted. */
function mgdlOf(form: SettingsForm, field: ThresholdField, value: number): number {
  const origin = form.origin[field];
  if (origin !== undefined && toUnit(origin, form.unit) === value) return origin;
  return fromUnit(value, form.unit);
}

/** The same thresholds shown in another unit (the member switches the unit before saving). */
export function convertForm(form: SettingsForm, unit: GlucoseUnit): SettingsForm {
  if (unit === form.unit) return form;
  const values = { ...form.values };
  const origin: SettingsForm['origin'] = {};
  for (const f of THRESHOLD_FIELDS) {
    const n = parseNumber(form.values[f]);
    if (n === null) continue;
    origin[f] = mgdlOf(form, f, n);
    values[f] = String(toUnit(origin[f], unit));
  }
  return { unit, values, origin };
}

/** Accepts "5,5" as well as "5.5": decimal commas are normal in most of the portal's languages. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * Thresholds must be numbers inside the sensor's span and stay ordered: urgent low < low <
 * high < urgent high, and the target's lower limit below its upper one (the server refuses the
 * rest). Compared in integer mg/dL, as they are stored.
 */
export function validateSettings(form: SettingsForm): { errors: SettingsErrors; seting: MemberSeting | null } {
  const errors: SettingsErrors = {};
  const mgdl: Partial<Record<ThresholdField, number>> = {};
  const min = toUnit(SENSOR_MIN_MGDL, form.unit);
  const max = toUnit(SENSOR_MAX_MGDL, form.unit);
  for (const f of THRESHOLD_FIELDS) {
    const n = parseNumber(form.values[f]);
    if (n === null) errors[f] = { key: 'validation.enterNumber' };
    else if (n < min || n > max) errors[f] = { key: 'validation.numberRange', values: { min, max } };
    else mgdl[f] = mgdlOf(form, f, n);
  }
  const order = (a: ThresholdField, b: ThresholdField, key: string) => {
    if (!errors[a] && !errors[b] && mgdl[a]! >= mgdl[b]!) errors[a] = { key };
  };
  order('targetLow', 'targetHigh', 'validation.targetLowBelowHigh');
  order('urgentLowAlert', 'lowAlert', 'validation.urgentLowBelowLow');
  order('lowAlert', 'highAlert', 'validation.lowBelowHigh');
  order('highAlert', 'urgentHighAlert', 'validation.highBelowUrgentHigh');
  if (Object.keys(errors).length) return { errors, seting: null };
  return { errors, seting: { unit: form.unit, ...(mgdl as Record<ThresholdField, number>) } };
}
