import { describe, expect, it } from 'vitest';

import { formatList, formatNumber, formatPercent, formatRange, intlLocale, LOCALE_FORMATS, missingLocaleNames, monthNames } from './format';
import { LANGUAGES, isRtl, type LanguageCode } from './languages';

/** The decimal separator each language writes (CLDR), as the table promises. */
const DECIMAL: Record<LanguageCode, string> = {
  en: '.',
  zh: '.',
  ar: '.',
  cs: ',',
  it: ',',
  sl: ',',
  hr: ',',
  bg: ',',
  hy: ',',
  fr: ',',
  hu: ',',
  pt: ',',
  mk: ',',
  sr: ',',
  sk: ',',
  tr: ',',
  fa: '.',
  es: ',',
};

const ENGLISH_MONTHS = monthNames('en');

describe('the formatting table covers all 18 languages', () => {
  it('has one rule per language: Latin digits and the Gregorian calendar, Persian included', () => {
    expect(Object.keys(LOCALE_FORMATS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(intlLocale(lang)).toBe(`${lang}-u-ca-gregory-nu-latn`);
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: Latin digits, its own decimal separator, and its own month names`, () => {
      const text = formatNumber(1054.5, lang);
      expect(text).toMatch(/^[0-9.,\s\u00a0\u202f’']+$/);
      expect(text.endsWith(`${DECIMAL[lang]}5`)).toBe(true);
      expect(formatPercent(85.3, lang)).toMatch(/85[.,]3/);
      expect(formatPercent(85.3, lang)).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
      const months = monthNames(lang);
      expect(months).toHaveLength(12);
      expect(new Set(months).size).toBe(12);
      // Some abbreviations are shared by right (Turkish Mar, May); English names across the year are not.
      if (lang !== 'en') expect(months.filter((m, i) => m === ENGLISH_MONTHS[i]).length).toBeLessThanOrEqual(2);
    });
  }

  it("writes out Armenian and Macedonian names that match CLDR, for browsers whose Intl lacks them", () => {
    for (const lang of ['hy', 'mk'] as const) {
      const names = missingLocaleNames(lang, () => false)!;
      expect(names).not.toBeNull();
      // Node carries full ICU, so its Intl is the reference the written table must agree with.
      const intl = new Intl.DateTimeFormat(intlLocale(lang), { month: 'short', timeZone: 'UTC' });
      expect(names.monthsShort).toEqual(Array.from({ length: 12 }, (_, m) => intl.format(Date.UTC(2024, m, 15))));
      const parts = new Intl.NumberFormat(intlLocale(lang)).formatToParts(1054.5);
      expect(names.decimal).toBe(parts.find((p) => p.type === 'decimal')!.value);
      expect(names.group).toBe(parts.find((p) => p.type === 'group')?.value ?? names.group);
    }
    expect(missingLocaleNames('hy', () => true)).toBeNull();
    expect(missingLocaleNames('fr', () => false)).toBeNull();
  });

  it('keeps a range low to high in right-to-left languages: each end isolated', () => {
    for (const lang of LANGUAGES.filter(isRtl)) {
      const range = formatRange(formatNumber(3.9, lang), formatNumber(10, lang, { minimumFractionDigits: 1 }));
      // Logical order low then high; the isolates stop the Arabic or Persian around it reordering the ends.
      expect(range).toBe('\u2068\u20683.9\u2069–\u206810.0\u2069\u2069');
      expect(range.indexOf('3.9')).toBeLessThan(range.indexOf('10.0'));
    }
  });

  it('joins the parts of a description with the language\'s comma, never a conjunction', () => {
    expect(formatList(['Running', '45 min'], 'en')).toBe('Running, 45 min');
    // Intl's "unit" lists give "الجري و45 دقيقة" (and) in Arabic and nothing at all in Chinese.
    expect(formatList(['الجري', '45 دقيقة'], 'ar')).toBe('الجري، 45 دقيقة');
    expect(formatList(['دویدن', '45 دقیقه'], 'fa')).toBe('دویدن، 45 دقیقه');
    expect(formatList(['跑步', '运动 45 分钟'], 'zh')).toBe('跑步，运动 45 分钟');
    expect(formatList(['Վազք', '45 րոպե'], 'hy')).toBe('Վազք, 45 րոպե');
    for (const lang of LANGUAGES) {
      // Only punctuation and a space between the parts: no "and", "و", "և", "et", "и"…
      expect(formatList(['A', 'B', 'C'], lang)).toMatch(/^A[^\p{L}\p{N}]+B[^\p{L}\p{N}]+C$/u);
      expect(formatList(['A', 'B'], lang), lang).toBe(`A${LOCALE_FORMATS[lang].listSeparator}B`);
      if (isRtl(lang)) expect(LOCALE_FORMATS[lang].listSeparator).not.toContain(',');
    }
  });
});
