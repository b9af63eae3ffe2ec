import { DateTime } from 'luxon';

import type { LanguageCode } from './languages';

/** Where and for whom a moment is shown. */
export interface DateFormatOptions {
  /** IANA zone of the member (spec §4 default Asia/Shanghai); the browser's zone when omitted. */
  zone?: string;
  lang: LanguageCode;
}

// Spec §9: DD/MM/YYYY and DD/MM/YYYY HH:mm, Chinese YYYY-MM-DD. Fixed patterns with Latin
// digits, so tables and charts line up in every language, right-to-left ones included.
const DATE_PATTERN: Partial<Record<LanguageCode, string>> = { zh: 'yyyy-MM-dd' };
const DEFAULT_DATE_PATTERN = 'dd/MM/yyyy';

function toDateTime(epochMs: number, zone: string | undefined): DateTime {
  const dt = DateTime.fromMillis(epochMs, zone ? { zone } : {});
  if (!dt.isValid) throw new RangeError(`Invalid time zone "${zone ?? ''}"`);
  return dt;
}

function datePattern(lang: LanguageCode): string {
  return DATE_PATTERN[lang] ?? DEFAULT_DATE_PATTERN;
}

/** The calendar date of `epochMs` in `zone`: DD/MM/YYYY, or YYYY-MM-DD in Chinese. */
export function formatDate(epochMs: number, { zone, lang }: DateFormatOptions): string {
  return toDateTime(epochMs, zone).toFormat(datePattern(lang));
}

/** Date and 24-hour time of `epochMs` in `zone`: DD/MM/YYYY HH:mm, or YYYY-MM-DD HH:mm in Chinese. */
export function formatDateTime(epochMs: number, { zone, lang }: DateFormatOptions): string {
  return toDateTime(epochMs, zone).toFormat(`${datePattern(lang)} HH:mm`);
}

/** The 24-hour time of `epochMs` in `zone`: HH:mm. */
export function formatTime(epochMs: number, { zone }: DateFormatOptions): string {
  return toDateTime(epochMs, zone).toFormat('HH:mm');
}

/** Options of {@link formatNumber} and {@link formatPercent}. */
export interface NumberFormatOptions {
  /** @default 1 */
  maximumFractionDigits?: number;
  /** @default 0 */
  minimumFractionDigits?: number;
}

// Latin digits everywhere (ar and fa would otherwise get Arabic-Indic digits) so numbers match
// the charts; separators still follow the language (1,5 in cs, 1.5 in en).
function numberLocale(lang: LanguageCode): string {
  return `${lang}-u-nu-latn`;
}

/** `value` with the language's decimal and grouping separators; `—` for a missing or non-finite value. */
export function formatNumber(value: number | null | undefined, lang: LanguageCode, options: NumberFormatOptions = {}): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const { maximumFractionDigits = 1, minimumFractionDigits = 0 } = options;
  return new Intl.NumberFormat(numberLocale(lang), {
    maximumFractionDigits,
    minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits),
  }).format(value);
}

/** A percentage given as 0–100 (e.g. `timeInRangePercent`), with the language's percent sign placement (`12 %` in fr, `%12` in tr). */
export function formatPercent(percent: number | null | undefined, lang: LanguageCode, options: NumberFormatOptions = {}): string {
  if (percent == null || !Number.isFinite(percent)) return '—';
  const { maximumFractionDigits = 1, minimumFractionDigits = 0 } = options;
  return new Intl.NumberFormat(numberLocale(lang), {
    style: 'percent',
    maximumFractionDigits,
    minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits),
  }).format(percent / 100);
}
