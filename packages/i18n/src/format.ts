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

/**
 * How each language writes numbers and dates, portal-wide: screens, charts, print and PDF.
 *
 * | language | digits | calendar  | decimal | grouping | list separator |
 * |----------|--------|-----------|---------|----------|----------------|
 * | every one of the 18 | Latin (0–9) | Gregorian | the language's own (Intl, or `names` below) | idem | `, ` |
 * | ar, fa   | idem   | idem      | idem    | idem     | `، ` (Arabic comma) |
 * | zh       | idem   | idem      | idem    | idem     | `，` (full-width comma) |
 *
 * Latin digits and the Gregorian calendar in Arabic and Persian too, so a value reads the same
 * in a card, a chart axis and the PDF beside it, and dates match the spec's DD/MM/YYYY (spec §9):
 * one choice, everywhere. Month and weekday names are the language's own. Browsers' Intl lacks
 * Armenian and Macedonian (Chromium's ICU leaves them out and falls back to English), so their
 * names and separators are written here (CLDR 45).
 */
export interface LocaleFormatRule {
  digits: 'latn';
  calendar: 'gregory';
  /**
   * What separates the parts of one description ("Running, 45 min"): the language's comma, never
   * a conjunction. Written out because Intl's list formats put "and" into some languages' lists
   * of measures (Arabic "و", Armenian "և") and nothing at all between Chinese ones.
   */
  listSeparator: string;
  /** Written-out data for languages a runtime's Intl may lack. */
  names?: LocaleNames;
}

/** Month and weekday names and separators of a language, for runtimes whose Intl lacks it. */
export interface LocaleNames {
  /** January first. */
  monthsShort: readonly string[];
  /** Sunday first. */
  weekdaysShort: readonly string[];
  decimal: string;
  group: string;
}

const LATIN_GREGORIAN = { digits: 'latn', calendar: 'gregory', listSeparator: ', ' } as const;
const ARABIC_SCRIPT = { ...LATIN_GREGORIAN, listSeparator: '، ' } as const;

export const LOCALE_FORMATS: Readonly<Record<LanguageCode, LocaleFormatRule>> = {
  en: LATIN_GREGORIAN,
  zh: { ...LATIN_GREGORIAN, listSeparator: '，' },
  ar: ARABIC_SCRIPT,
  cs: LATIN_GREGORIAN,
  it: LATIN_GREGORIAN,
  sl: LATIN_GREGORIAN,
  hr: LATIN_GREGORIAN,
  bg: LATIN_GREGORIAN,
  hy: {
    ...LATIN_GREGORIAN,
    names: {
      monthsShort: ['հնվ', 'փտվ', 'մրտ', 'ապր', 'մյս', 'հնս', 'հլս', 'օգս', 'սեպ', 'հոկ', 'նոյ', 'դեկ'],
      weekdaysShort: ['կիր', 'երկ', 'երք', 'չրք', 'հնգ', 'ուր', 'շբթ'],
      decimal: ',',
      group: '\u00a0',
    },
  },
  fr: LATIN_GREGORIAN,
  hu: LATIN_GREGORIAN,
  pt: LATIN_GREGORIAN,
  mk: {
    ...LATIN_GREGORIAN,
    names: {
      monthsShort: ['јан.', 'фев.', 'мар.', 'апр.', 'мај', 'јун.', 'јул.', 'авг.', 'сеп.', 'окт.', 'ное.', 'дек.'],
      weekdaysShort: ['нед.', 'пон.', 'вто.', 'сре.', 'чет.', 'пет.', 'саб.'],
      decimal: ',',
      group: '.',
    },
  },
  sr: LATIN_GREGORIAN,
  sk: LATIN_GREGORIAN,
  tr: LATIN_GREGORIAN,
  fa: ARABIC_SCRIPT,
  es: LATIN_GREGORIAN,
};

/** The BCP 47 tag every Intl formatter of the portal uses for `lang`: its digits and calendar fixed. */
export function intlLocale(lang: LanguageCode): string {
  const rule = LOCALE_FORMATS[lang];
  return `${lang}-u-ca-${rule.calendar}-nu-${rule.digits}`;
}

/** The written-out names of `lang` when this runtime's Intl does not know the language, else null. */
export function missingLocaleNames(lang: LanguageCode, supported = (tag: string) => Intl.NumberFormat.supportedLocalesOf([tag]).length > 0): LocaleNames | null {
  const names = LOCALE_FORMATS[lang].names;
  return names && !supported(lang) ? names : null;
}

/** Intl's number in English layout with the language's own separators swapped in. */
function withSeparators(format: Intl.NumberFormat, value: number, names: LocaleNames): string {
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'decimal' ? names.decimal : part.type === 'group' ? names.group : part.value))
    .join('');
}

function numberText(value: number, lang: LanguageCode, options: Intl.NumberFormatOptions): string {
  const names = missingLocaleNames(lang);
  if (names) return withSeparators(new Intl.NumberFormat('en-u-nu-latn', options), value, names);
  return new Intl.NumberFormat(intlLocale(lang), options).format(value);
}

/** `value` with the language's decimal and grouping separators; `—` for a missing or non-finite value. */
export function formatNumber(value: number | null | undefined, lang: LanguageCode, options: NumberFormatOptions = {}): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const { maximumFractionDigits = 1, minimumFractionDigits = 0 } = options;
  return numberText(value, lang, { maximumFractionDigits, minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits) });
}

/** A percentage given as 0–100 (e.g. `timeInRangePercent`), with the language's percent sign placement (`12 %` in fr, `%12` in tr). */
export function formatPercent(percent: number | null | undefined, lang: LanguageCode, options: NumberFormatOptions = {}): string {
  if (percent == null || !Number.isFinite(percent)) return '—';
  const { maximumFractionDigits = 1, minimumFractionDigits = 0 } = options;
  return numberText(percent / 100, lang, { style: 'percent', maximumFractionDigits, minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits) });
}

/** Short month names of `lang`, January first: the language's own, never English. */
export function monthNames(lang: LanguageCode): string[] {
  const names = missingLocaleNames(lang);
  if (names) return [...names.monthsShort];
  const format = new Intl.DateTimeFormat(intlLocale(lang), { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2024, m, 15)));
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** `text` isolated from the words around it, so "3.9–10.0" keeps its order inside Arabic or Persian. */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** A range low to high, each end and the whole isolated: reads "3.9–10.0" in every direction. */
export function formatRange(low: string, high: string): string {
  return isolate(`${isolate(low)}–${isolate(high)}`);
}

/**
 * Parts of one description joined by the language's own list separator, without a conjunction:
 * "Running, 45 min" in English, "الجري، 45 دقيقة" in Arabic and Persian, "跑步，运动 45 分钟" in Chinese.
 * Every event row (meals, sport, insulin, medication, alerts) is joined by this one rule.
 */
export function formatList(items: readonly string[], lang: LanguageCode): string {
  return items.join(LOCALE_FORMATS[lang].listSeparator);
}
