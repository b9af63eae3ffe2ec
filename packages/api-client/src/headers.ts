/** The UI language code as the server's `lanCode` header wants it: zh → zh_CN, en → en_US. */
export function toLanCode(language: string): string {
  if (language === 'zh') return 'zh_CN';
  if (language === 'en') return 'en_US';
  return language;
}

/** The inverse, tolerant of both spellings: zh_CN, zh-CN and zh all give zh. */
export function fromLanCode(lanCode: string | null | undefined): string {
  if (!lanCode) return 'en';
  return lanCode.split(/[_-]/)[0]!.toLowerCase();
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export const HEADER_TOKEN = 'xToken';
export const HEADER_TIME_ZONE = 'timeZone';
export const HEADER_LAN_CODE = 'lanCode';
export const QUERY_INTERNAL_TOKEN = 'internalXToken';
