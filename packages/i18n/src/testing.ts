import { createI18n, type PortalI18n } from './create-i18n';
import { LANGUAGES, type LanguageCode } from './languages';

/**
 * A ready i18n instance for tests and Storybook of other packages: every language offered,
 * `language` active (English by default), nothing persisted, `<html>` left alone.
 * @example const i18n = await createTestI18n(); render(<I18nProvider i18n={i18n}>…</I18nProvider>)
 */
export async function createTestI18n(language: LanguageCode = 'en'): Promise<PortalI18n> {
  const portal = createI18n({ languages: LANGUAGES, defaultLanguage: language, storage: null, document: null });
  await portal.ready;
  return portal;
}
