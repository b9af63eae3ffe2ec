export { LANGUAGES, RTL_LANGUAGES, LANGUAGE_NAMES, isLanguageCode, isRtl, textDirection, lanCode } from './languages';
export type { LanguageCode } from './languages';
