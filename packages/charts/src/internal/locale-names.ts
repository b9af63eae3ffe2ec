/** Month and weekday names and separators of a language, for runtimes whose Intl lacks it. */
export interface ChartLocaleNames {
  /** January first. */
  monthsShort: readonly string[];
  /** Sunday first. */
  weekdaysShort: readonly string[];
  decimal: string;
  group: string;
}

const registered = new Map<string, ChartLocaleNames>();

/**
 * Gives the charts a language's names where the runtime's Intl lacks the language (Chromium has
 * no Armenian or Macedonian data and would print "Nov 23", "3:00 AM"). The portal passes its one
 * formatting table (i18n's LOCALE_FORMATS); charts stay free of i18n.
 */
export function registerLocaleNames(language: string, names: ChartLocaleNames): void {
  registered.set(language.toLowerCase(), names);
}

/** Registers the names of every language of a formatting table that has them (i18n's LOCALE_FORMATS). */
export function registerLocaleTable(table: Readonly<Record<string, { readonly names?: ChartLocaleNames | null }>>): void {
  for (const [language, rule] of Object.entries(table)) if (rule.names) registerLocaleNames(language, rule.names);
}

/** The registered names of `locale`'s language when the runtime's Intl does not know it. */
export function fallbackNames(locale: string): ChartLocaleNames | null {
  const language = locale.split('-')[0]!.toLowerCase();
  const names = registered.get(language);
  if (!names) return null;
  return Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? null : names;
}

const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** What the charts call on a date formatter. */
export type ChartDateFormat = Pick<Intl.DateTimeFormat, 'format' | 'formatToParts'>;

/**
 * A date formatter laid out as British English (day before month, 24-hour clock) with the
 * language's own month and weekday names swapped in.
 */
export function namedDateFormat(names: ChartLocaleNames, timeZone: string, options: Intl.DateTimeFormatOptions): ChartDateFormat {
  const layout = new Intl.DateTimeFormat('en-GB-u-ca-gregory-nu-latn', { ...options, hourCycle: 'h23', timeZone });
  const month = new Intl.DateTimeFormat('en-u-nu-latn', { month: 'numeric', timeZone });
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone });
  const formatToParts = (time?: number | Date) => {
    const at = time ?? Date.now();
    return layout.formatToParts(at).map((part) => {
      if (part.type === 'month' && (options.month === 'short' || options.month === 'long')) {
        return { ...part, value: names.monthsShort[Number(month.format(at)) - 1] ?? part.value };
      }
      if (part.type === 'weekday') return { ...part, value: names.weekdaysShort[ENGLISH_WEEKDAYS.indexOf(weekday.format(at))] ?? part.value };
      return part;
    });
  };
  return { formatToParts, format: (time?: number | Date) => formatToParts(time).map((p) => p.value).join('') };
}

/** A number formatter in English layout with the language's own separators. */
export function namedNumberFormat(names: ChartLocaleNames, options: Intl.NumberFormatOptions): Pick<Intl.NumberFormat, 'format'> {
  const layout = new Intl.NumberFormat('en-u-nu-latn', options);
  return {
    format: (value: number | bigint) =>
      layout
        .formatToParts(value)
        .map((p) => (p.type === 'decimal' ? names.decimal : p.type === 'group' ? names.group : p.value))
        .join(''),
  };
}
