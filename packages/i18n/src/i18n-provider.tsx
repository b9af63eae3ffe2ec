import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import type { PortalI18n } from './create-i18n';
import { isLanguageCode, textDirection, type LanguageCode } from './languages';

const PortalI18nContext = createContext<PortalI18n | null>(null);

/** Props of {@link I18nProvider}. */
export interface I18nProviderProps {
  /** What {@link createI18n} returned for this variant. */
  i18n: PortalI18n;
  /** Shown until the first catalog has loaded. @default null */
  fallback?: ReactNode;
  children?: ReactNode;
}

/** Provides i18next to the tree; renders `children` once the current language's catalog is loaded. */
export function I18nProvider({ i18n, fallback = null, children }: I18nProviderProps) {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // On a failed load the children still render: missing keys then fall back to English.
    const done = () => {
      if (live) setReady(true);
    };
    i18n.ready.then(done, done);
    return () => {
      live = false;
    };
  }, [i18n]);

  return (
    <PortalI18nContext.Provider value={i18n}>
      <I18nextProvider i18n={i18n.i18n}>{isReady ? children : fallback}</I18nextProvider>
    </PortalI18nContext.Provider>
  );
}

/** The current language, the variant's languages, a setter that loads and persists, and the text direction. */
export interface LanguageState {
  language: LanguageCode;
  languages: readonly LanguageCode[];
  setLanguage: (lang: LanguageCode) => Promise<void>;
  dir: 'ltr' | 'rtl';
}

/** Reads and changes the interface language; must be used under {@link I18nProvider}. */
export function useLanguage(): LanguageState {
  const portal = useContext(PortalI18nContext);
  if (!portal) throw new Error('useLanguage must be used inside <I18nProvider>');
  // useTranslation re-renders this component when the language changes.
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : portal.language();
  return { language, languages: portal.languages, setLanguage: portal.setLanguage, dir: textDirection(language) };
}
