import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { formatNumber } from './format';
import { isLanguageCode, textDirection, type LanguageCode } from './languages';
import { bundledLoaders, type LocaleCatalog, type LocaleLoader } from './locale-loaders';

/** localStorage key of the chosen language (spec §3). */
export const LANGUAGE_STORAGE_KEY = 'hippoLang';

/** The source language: every other catalog is translated from it, and it backs up missing keys. */
export const SOURCE_LANGUAGE: LanguageCode = 'en';

const DEFAULT_NAMESPACE = 'translation';

/** What a variant hands to {@link createI18n}. */
export interface CreateI18nOptions {
  /** The languages this variant offers, in menu order. */
  languages: readonly LanguageCode[];
  /** Used when nothing valid is stored (spec §4). Must be one of `languages`. */
  defaultLanguage: LanguageCode;
  /** Where the choice persists. @default window.localStorage */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Overrides the bundled lazy catalogs (tests, Storybook). */
  loaders?: Partial<Record<LanguageCode, LocaleLoader>>;
  /** Whose `<html>` gets `lang` and `dir`. @default window.document */
  document?: Document | null;
}

/** A variant's i18n: the i18next instance plus the language rules of the portal. */
export interface PortalI18n {
  /** The i18next instance (already bound to react-i18next). */
  readonly i18n: I18nInstance;
  /** The languages this variant offers. */
  readonly languages: readonly LanguageCode[];
  /** The variant's default language. */
  readonly defaultLanguage: LanguageCode;
  /** Resolves once the first language's catalog is loaded and applied. */
  readonly ready: Promise<void>;
  /** The language in use now. */
  language(): LanguageCode;
  /** Loads `lang` if needed, switches to it, sets `<html lang dir>` and persists it. Ignores languages the variant does not offer. */
  setLanguage(lang: LanguageCode): Promise<void>;
  /**
   * Loads the catalog of any of the 18 languages without switching the interface to it, for content
   * shown in a language of its own (the public AGP report at /report/{lang}/{id}: `t` from
   * `useTranslation(undefined, { lng })` or `i18n.getFixedT(lng)`).
   */
  loadLanguage(lang: LanguageCode): Promise<void>;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can throw when cookies are blocked; the language then just does not persist.
    return null;
  }
}

/** The language to start with: the stored one if this variant offers it, else the variant default. */
export function resolveInitialLanguage(
  stored: string | null | undefined,
  languages: readonly LanguageCode[],
  defaultLanguage: LanguageCode,
): LanguageCode {
  return isLanguageCode(stored) && languages.includes(stored) ? stored : defaultLanguage;
}

/**
 * Builds the i18next instance of a variant offering exactly `languages`.
 * Only the current language's catalog is fetched; English is fetched as a fallback only when a key is missing.
 */
export function createI18n(options: CreateI18nOptions): PortalI18n {
  const { languages, defaultLanguage } = options;
  if (languages.length === 0) throw new Error('createI18n: a variant must offer at least one language');
  if (!languages.includes(defaultLanguage)) {
    throw new Error(`createI18n: default language "${defaultLanguage}" is not among the offered languages`);
  }
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const doc = options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document;
  const loaders = { ...bundledLoaders, ...options.loaders };

  const loaded = new Map<LanguageCode, Promise<void>>();
  const i18n = i18next.createInstance();

  function addCatalog(lang: LanguageCode, catalog: LocaleCatalog): void {
    // The whole catalog as the default namespace (`t('login.title')`) and each top-level
    // key as its own namespace (`useTranslation('login')`, `t('login:title')`).
    i18n.addResourceBundle(lang, DEFAULT_NAMESPACE, catalog, true, true);
    for (const [ns, value] of Object.entries(catalog)) {
      if (typeof value === 'object') i18n.addResourceBundle(lang, ns, value, true, true);
    }
  }

  function ensureLoaded(lang: LanguageCode): Promise<void> {
    let pending = loaded.get(lang);
    if (!pending) {
      const load = loaders[lang];
      pending = load
        ? load().then((catalog) => addCatalog(lang, catalog))
        : Promise.reject(new Error(`No catalog for language "${lang}"`));
      // A failed load may be retried later (e.g. after a network error).
      pending.catch(() => loaded.delete(lang));
      loaded.set(lang, pending);
    }
    return pending;
  }

  function applyToDocument(lang: LanguageCode): void {
    if (!doc) return;
    doc.documentElement.lang = lang;
    doc.documentElement.dir = textDirection(lang);
  }

  function persist(lang: LanguageCode): void {
    try {
      storage?.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // Quota or privacy mode: the choice still applies for this visit.
    }
  }

  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  const initial = resolveInitialLanguage(stored, languages, defaultLanguage);

  i18n.use(initReactI18next);
  // Also covers direct `i18n.changeLanguage` calls (e.g. the Storybook locale toolbar).
  i18n.on('languageChanged', (lng) => {
    if (!isLanguageCode(lng)) return;
    applyToDocument(lng);
    void ensureLoaded(lng).catch(() => undefined);
  });
  void i18n.init({
    lng: initial,
    fallbackLng: SOURCE_LANGUAGE,
    defaultNS: DEFAULT_NAMESPACE,
    ns: [DEFAULT_NAMESPACE],
    // Catalogs are added by hand as they load, so i18next needs no backend.
    resources: {},
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when a catalog (e.g. the English fallback) arrives.
    react: { bindI18nStore: 'added', useSuspense: false },
    parseMissingKeyHandler: (key, defaultValue) => {
      if (i18n.language !== SOURCE_LANGUAGE) void ensureLoaded(SOURCE_LANGUAGE).catch(() => undefined);
      return defaultValue ?? key;
    },
  });

  // `{{count, integer}}` in a catalog: the count written by the portal's one number formatter,
  // grouped as the language groups ("3 793" in Armenian, "3,793" in English) like the cards
  // beside it, where i18next alone would write a bare "3793".
  i18n.services.formatter?.add('integer', (value: unknown, lng: string | undefined) =>
    typeof value === 'number' ? formatNumber(value, isLanguageCode(lng) ? lng : SOURCE_LANGUAGE, { maximumFractionDigits: 0 }) : String(value),
  );

  // Stored at once, and only when it differs: written after the catalog loads, it would
  // overwrite a language chosen meanwhile (another tab, a script, the chooser of a slow page).
  // The document's lang and dir were set by the `languageChanged` listener as i18next started.
  if (stored !== initial) persist(initial);
  const ready = ensureLoaded(initial);

  return {
    i18n,
    languages,
    defaultLanguage,
    ready,
    language: () => (isLanguageCode(i18n.language) ? i18n.language : initial),
    async setLanguage(lang) {
      if (!languages.includes(lang)) return;
      await ready;
      await ensureLoaded(lang);
      await i18n.changeLanguage(lang);
      persist(lang);
    },
    async loadLanguage(lang) {
      await ready;
      await ensureLoaded(lang);
    },
  };
}
