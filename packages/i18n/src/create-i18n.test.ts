import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createI18n, LANGUAGE_STORAGE_KEY, resolveInitialLanguage } from './create-i18n';
import type { LanguageCode } from './languages';
import type { LocaleCatalog, LocaleLoader } from './locale-loaders';

function fakeLoaders(codes: LanguageCode[]) {
  const calls: LanguageCode[] = [];
  const loaders: Partial<Record<LanguageCode, LocaleLoader>> = {};
  for (const code of codes) {
    loaders[code] = vi.fn(async (): Promise<LocaleCatalog> => {
      calls.push(code);
      const catalog: LocaleCatalog = { common: { ok: `ok-${code}` }, layout: { language: `language-${code}` } };
      if (code === 'en') (catalog.common as LocaleCatalog).onlyInEnglish = 'English only';
      return catalog;
    });
  }
  return { loaders, calls };
}

const SIXTEEN: LanguageCode[] = ['hy', 'ar', 'bg', 'zh', 'hr', 'cs', 'en', 'fa', 'fr', 'hu', 'mk', 'pt', 'sr', 'sk', 'sl', 'tr'];
const SEVEN: LanguageCode[] = ['zh', 'cs', 'en', 'fr', 'it', 'pt', 'es'];

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
afterEach(() => vi.restoreAllMocks());

describe('resolveInitialLanguage', () => {
  it('keeps a stored language the variant offers', () => {
    expect(resolveInitialLanguage('fr', SEVEN, 'zh')).toBe('fr');
  });
  it('falls back to the variant default for a language it does not offer, garbage or nothing', () => {
    expect(resolveInitialLanguage('ar', SEVEN, 'zh')).toBe('zh');
    expect(resolveInitialLanguage('xx', SEVEN, 'zh')).toBe('zh');
    expect(resolveInitialLanguage(null, ['en'], 'en')).toBe('en');
  });
});

describe('createI18n', () => {
  it('starts in the variant default and persists it under hippoLang', async () => {
    const { loaders } = fakeLoaders(SEVEN);
    const portal = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders });
    await portal.ready;
    expect(portal.language()).toBe('zh');
    expect(portal.i18n.t('common.ok')).toBe('ok-zh');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('does not overwrite a language stored while its first catalog loads', async () => {
    const portal = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders: fakeLoaders(SEVEN).loaders });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    // What another tab (or a test) does before the catalog has arrived.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt');
    await portal.ready;
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
  });

  it('restores a stored language and ignores one the variant does not offer', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt');
    const a = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders: fakeLoaders(SEVEN).loaders });
    await a.ready;
    expect(a.language()).toBe('pt');

    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const b = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders: fakeLoaders(SEVEN).loaders });
    await b.ready;
    expect(b.language()).toBe('zh');
  });

  it('fetches only the chosen language, then each language on first use', async () => {
    const { loaders, calls } = fakeLoaders(SIXTEEN);
    const portal = createI18n({ languages: SIXTEEN, defaultLanguage: 'en', loaders });
    await portal.ready;
    expect(calls).toEqual(['en']);
    await portal.setLanguage('hu');
    await portal.setLanguage('en');
    await portal.setLanguage('hu');
    expect(calls).toEqual(['en', 'hu']);
    expect(portal.i18n.t('common.ok')).toBe('ok-hu');
  });

  it('does not fetch English when the chosen language has every key', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cs');
    const { loaders, calls } = fakeLoaders(SEVEN);
    const portal = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders });
    await portal.ready;
    expect(portal.i18n.t('common.ok')).toBe('ok-cs');
    expect(calls).toEqual(['cs']);
  });

  it('fetches English only when a key is missing, then uses it', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cs');
    const { loaders, calls } = fakeLoaders(SEVEN);
    const portal = createI18n({ languages: SEVEN, defaultLanguage: 'zh', loaders });
    await portal.ready;
    const added = new Promise<void>((resolve) => portal.i18n.store.on('added', (lng) => lng === 'en' && resolve()));
    expect(portal.i18n.t('common.onlyInEnglish')).toBe('common.onlyInEnglish');
    await added;
    expect(calls).toEqual(['cs', 'en']);
    expect(portal.i18n.t('common.onlyInEnglish')).toBe('English only');
  });

  it('switches <html> to right-to-left for Arabic and Persian and back', async () => {
    const portal = createI18n({ languages: SIXTEEN, defaultLanguage: 'en', loaders: fakeLoaders(SIXTEEN).loaders });
    await portal.ready;
    await portal.setLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    await portal.setLanguage('fa');
    expect(document.documentElement.dir).toBe('rtl');
    await portal.setLanguage('bg');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('bg');
  });

  it('refuses a language the variant does not offer', async () => {
    const portal = createI18n({ languages: ['en'], defaultLanguage: 'en', loaders: fakeLoaders(['en', 'fr']).loaders });
    await portal.ready;
    await portal.setLanguage('fr');
    expect(portal.language()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('exposes each top-level key as a namespace too', async () => {
    const portal = createI18n({ languages: ['en'], defaultLanguage: 'en', loaders: fakeLoaders(['en']).loaders });
    await portal.ready;
    expect(portal.i18n.t('language', { ns: 'layout' })).toBe('language-en');
    expect(portal.i18n.t('layout:language')).toBe('language-en');
  });

  it('loads a report language without switching or persisting the interface language', async () => {
    const { loaders, calls } = fakeLoaders(['en', 'ar']);
    const portal = createI18n({ languages: ['en'], defaultLanguage: 'en', loaders });
    await portal.ready;
    await portal.loadLanguage('ar');
    expect(calls).toEqual(['en', 'ar']);
    expect(portal.i18n.getFixedT('ar')('common.ok')).toBe('ok-ar');
    expect(portal.language()).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('rejects a default language the variant does not offer', () => {
    expect(() => createI18n({ languages: ['en'], defaultLanguage: 'zh' })).toThrow(/default language/);
  });

  it('loads the bundled catalogs lazily with interpolation and plurals', async () => {
    const portal = createI18n({ languages: ['en'], defaultLanguage: 'en', storage: null });
    await portal.ready;
    expect(portal.i18n.t('login.resendIn', { seconds: 42 })).toBe('Resend in 42 s');
    expect(portal.i18n.t('home.minutesAgo', { count: 1 })).toBe('1 minute ago');
    expect(portal.i18n.t('home.minutesAgo', { count: 5 })).toBe('5 minutes ago');
    expect(portal.i18n.t('errors.loginExpired')).toBe('Your login status has expired, please log out and log in again!');
  });
});
