import type { GlucoseUnit } from '@cgm-portal/api-client';
import { MGDL_PER_MMOL } from '@cgm-portal/glucose-metrics';
import { registerLocaleTable } from '@cgm-portal/charts';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatTime, intlLocale, LOCALE_FORMATS, useLanguage, type LanguageCode } from '@cgm-portal/i18n';
import { useMemo } from 'react';
import { useMemberGlucoseSettings } from './member-settings';

// The charts learn the names of languages a browser's Intl lacks (Armenian, Macedonian) from the one table.
registerLocaleTable(LOCALE_FORMATS);

/** Digits a glucose value is shown with: mmol/L one decimal, mg/dL whole numbers. */
export const UNIT_DIGITS: Record<GlucoseUnit, number> = { 'mmol/L': 1, 'mg/dL': 0 };

/** mg/dL into the display unit, rounded as shown. */
export function toUnit(mgdl: number, unit: GlucoseUnit): number {
  const digits = UNIT_DIGITS[unit];
  const value = unit === 'mmol/L' ? mgdl / MGDL_PER_MMOL : mgdl;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A value typed in the display unit back into integer mg/dL, as the server stores it. */
export function fromUnit(value: number, unit: GlucoseUnit): number {
  return Math.round(unit === 'mmol/L' ? value * MGDL_PER_MMOL : value);
}

export function glucoseText(mgdl: number | null | undefined, unit: GlucoseUnit, lang: LanguageCode): string {
  if (mgdl == null || !Number.isFinite(mgdl)) return '—';
  const digits = UNIT_DIGITS[unit];
  return formatNumber(toUnit(mgdl, unit), lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** Formatting in the member's unit, language and time zone: one place, so every screen agrees. */
export function useGlucoseFormat() {
  const { language: lang, dir } = useLanguage();
  const { unit, timeZone } = useMemberGlucoseSettings();
  return useMemo(
    () => ({
      lang,
      /** The locale every chart gets: the portal's digits and calendar for the language (i18n's table). */
      chartLocale: intlLocale(lang),
      dir,
      unit,
      timeZone,
      glucose: (mgdl: number | null | undefined) => glucoseText(mgdl, unit, lang),
      /** A glucose value with its unit, e.g. "7.2 mmol/L". */
      glucoseWithUnit: (mgdl: number | null | undefined) => `${glucoseText(mgdl, unit, lang)} ${unit}`,
      /** A glucose difference or rate (no sensor clamping), in the unit. */
      glucoseDelta: (mgdl: number | null | undefined, extraDigits = 0) =>
        mgdl == null ? '—' : formatNumber(unit === 'mmol/L' ? mgdl / MGDL_PER_MMOL : mgdl, lang, { maximumFractionDigits: UNIT_DIGITS[unit] + extraDigits, minimumFractionDigits: UNIT_DIGITS[unit] + extraDigits }),
      percent: (value: number | null | undefined, digits = 1) => formatPercent(value, lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }),
      number: (value: number | null | undefined, digits = 1) => formatNumber(value, lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }),
      date: (ms: number) => formatDate(ms, { zone: timeZone, lang }),
      dateTime: (ms: number) => formatDateTime(ms, { zone: timeZone, lang }),
      time: (ms: number) => formatTime(ms, { zone: timeZone, lang }),
    }),
    [lang, dir, unit, timeZone],
  );
}

export type GlucoseFormat = ReturnType<typeof useGlucoseFormat>;
