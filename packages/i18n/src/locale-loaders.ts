import type { LanguageCode } from './languages';

/** A locale catalog: namespaces of nested strings, as in `locales/en.json`. */
export interface LocaleCatalog {
  [key: string]: string | LocaleCatalog;
}

/** Loads one language's catalog; called only when that language is needed. */
export type LocaleLoader = () => Promise<LocaleCatalog>;

// Lazy glob: each JSON becomes its own chunk, so a language nobody picks costs no download.
const modules = import.meta.glob<{ default: LocaleCatalog }>('./locales/*.json');

/** The bundled catalogs of every language, each behind a dynamic import. */
export const bundledLoaders: Partial<Record<LanguageCode, LocaleLoader>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => {
    const code = path.slice('./locales/'.length, -'.json'.length);
    return [code, async () => (await load()).default];
  }),
);
