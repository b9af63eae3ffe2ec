/**
 * Keys of what the portal keeps in the browser (spec §3 "Local and store state").
 * `hippoLang` is owned by @cgm-portal/i18n; it is listed here so a version change clears it too.
 */
export const LOCAL_KEYS = {
  language: 'hippoLang',
  loginType: 'user_login_type',
  unit: 'blood_sugar_unit',
  theme: 'theme',
  token: 'xToken',
  appVersion: 'appVersion',
  /** The last data of a remembered session, so the app opens offline (features/offline). */
  queryCache: 'queryCache',
} as const;

/**
 * Spec §4: "Stored local data is cleared when the locally stored app version differs from the
 * current one." Returns true when it cleared something. The language choice is a preference of
 * the person, not session data, so it survives an upgrade.
 */
export function clearOnVersionChange(currentVersion: string, storage: Storage = localStorage): boolean {
  const stored = storage.getItem(LOCAL_KEYS.appVersion);
  if (stored === currentVersion) return false;
  const language = storage.getItem(LOCAL_KEYS.language);
  const cleared = stored !== null;
  if (cleared) {
    storage.clear();
    sessionStorage.clear();
    if (language) storage.setItem(LOCAL_KEYS.language, language);
  }
  storage.setItem(LOCAL_KEYS.appVersion, currentVersion);
  return cleared;
}
