/** The 18 interface languages of spec §1, in the spec's order. */
export const LANGUAGES = [
  'en', 'zh', 'ar', 'cs', 'it', 'sl', 'hr', 'bg', 'hy', 'fr', 'hu', 'pt', 'mk', 'sr', 'sk', 'tr', 'fa', 'es',
] as const;

export type LanguageCode = (typeof LANGUAGES)[number];

/** Languages written right to left (spec §1: Arabic and Persian). */
export const RTL_LANGUAGES: ReadonlySet<LanguageCode> = new Set(['ar', 'fa']);

/** Each language's own name, as shown in the language dropdown. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  cs: 'Čeština',
  it: 'Italiano',
  sl: 'Slovenščina',
  hr: 'Hrvatski',
  bg: 'Български',
  hy: 'Հայերեն',
  fr: 'Français',
  hu: 'Magyar',
  pt: 'Português',
  mk: 'Македонски',
  sr: 'Српски',
  sk: 'Slovenčina',
  tr: 'Türkçe',
  fa: 'فارسی',
  es: 'Español',
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(lang: LanguageCode): boolean {
  return RTL_LANGUAGES.has(lang);
}

export function textDirection(lang: LanguageCode): 'rtl' | 'ltr' {
  return isRtl(lang) ? 'rtl' : 'ltr';
}

/** The `lanCode` request header (spec §7): zh gives zh_CN, en gives en_US, others their own code. */
export function lanCode(lang: LanguageCode): string {
  if (lang === 'zh') return 'zh_CN';
  if (lang === 'en') return 'en_US';
  return lang;
}
