import { describe, expect, it } from 'vitest';

import { LANGUAGES, type LanguageCode } from './languages';
import type { LocaleCatalog } from './locale-loaders';

const files = import.meta.glob<LocaleCatalog>('./locales/*.json', { eager: true, import: 'default' });
const catalogs = new Map<string, LocaleCatalog>(
  Object.entries(files).map(([path, catalog]) => [path.slice('./locales/'.length, -'.json'.length), catalog]),
);
const en = catalogs.get('en')!;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(node: LocaleCatalog, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/** Keys with plural suffixes folded: `home.minutesAgo_one` and `_other` become `home.minutesAgo`. */
function baseKeys(flat: Map<string, unknown>): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = bases.get(base) ?? [];
    if (match) forms.push(match[1]!);
    bases.set(base, forms);
  }
  return bases;
}

/** `{{vars}}` and `<tags>` a string uses; translations must keep them. */
function placeholders(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of text.matchAll(/<\/?([a-z][\w]*)>/gi)) found.add(`<${m[1]}>`);
  return found;
}

// Terms that are the same in every language: brand names, units, clinical abbreviations, numbers.
const SAME_AS_ENGLISH_ALLOWED = new Set(['common.pageTitle']);
const WORDS_BEFORE_IDENTICAL_IS_SUSPICIOUS = 3;

// Languages not written in Latin script: any Latin word left in them must be one of these
// brand names, units, clinical abbreviations or device labels (LO and HI as CGM readers show them).
const NON_LATIN_SCRIPT: ReadonlySet<string> = new Set(['zh', 'ar', 'bg', 'hy', 'mk', 'sr', 'fa']);
const LATIN_TOKENS_ALLOWED = new Set([
  'AGP', 'CGM', 'GMI', 'GRI', 'TIR', 'TAR', 'TBR', 'SD', 'CV', 'MAGE', 'MODD', 'LAGE', 'CONGA', 'HbA1c', 'DCCT', 'IFCC',
  'mg/dL', 'mmol/L', 'mmol/mol', 'U', 'MB', 'ID', 'SN', 'PDF', 'CSV', 'OK', 'LO', 'HI', 'Lente', 'PZI', 'NPH',
  'CGM Portal', 'Portal', 'A', 'B', 'C', 'D', 'E',
  // Other apps and the labels of their settings, which the user must find on those apps' screens.
  'xDrip', 'AAPS', 'NSClient', 'V3', 'Nightscout', 'Sync', 'REST', 'API', 'NS', 'access', 'token', 'URL', 'Loop', 'Careportal',
]);

const enFlat = flatten(en);
const enBases = baseKeys(enFlat);
const others = LANGUAGES.filter((code) => code !== 'en' && catalogs.has(code));

describe('locale catalogs', () => {
  it('has an English source catalog with non-empty strings only', () => {
    expect(enFlat.size).toBeGreaterThan(400);
    for (const [key, value] of enFlat) {
      expect(typeof value === 'string' && value.trim() !== '', `en: ${key}`).toBe(true);
    }
  });

  it('has a file only for known languages', () => {
    for (const code of catalogs.keys()) expect(LANGUAGES as readonly string[]).toContain(code);
  });

  it('offers a catalog for every language', () => {
    const missing = LANGUAGES.filter((code) => !catalogs.has(code));
    expect(missing).toEqual([]);
  });

  describe.each(others)('%s', (code: LanguageCode) => {
    const flat = flatten(catalogs.get(code)!);
    const bases = baseKeys(flat);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];

    it('has every English key, non-empty', () => {
      const missing = [...enBases.keys()].filter((key) => !bases.has(key));
      expect(missing, `${code} misses keys`).toEqual([]);
      const empty = [...flat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty, `${code} has empty values`).toEqual([]);
    });

    it('has no key that English lacks', () => {
      const extra = [...bases.keys()].filter((key) => !enBases.has(key));
      expect(extra, `${code} has extra keys`).toEqual([]);
    });

    it('has exactly the plural forms the language needs', () => {
      for (const [base, enForms] of enBases) {
        if (enForms.length === 0) {
          expect(bases.get(base), `${code}: ${base} must not be pluralised`).toEqual([]);
          continue;
        }
        const forms = bases.get(base) ?? [];
        expect([...forms].sort(), `${code}: plural forms of ${base}`).toEqual([...categories].sort());
      }
    });

    it('keeps the interpolation variables and tags of English', () => {
      for (const [key, value] of flat) {
        const match = PLURAL_SUFFIX.exec(key);
        const enKey = match ? `${key.slice(0, match.index)}_other` : key;
        const source = placeholders(String(enFlat.get(enKey) ?? ''));
        const target = placeholders(String(value));
        if (match) {
          // A plural form may spell out its number ("one minute") but must not invent variables.
          for (const p of target) expect(source.has(p), `${code}: ${key} uses unknown ${p}`).toBe(true);
          for (const p of source) {
            if (p !== '{{count}}') expect(target.has(p), `${code}: ${key} lacks ${p}`).toBe(true);
          }
        } else {
          expect([...target].sort(), `${code}: placeholders of ${key}`).toEqual([...source].sort());
        }
      }
    });

    it.runIf(NON_LATIN_SCRIPT.has(code))('leaves no English words in a non-Latin script', () => {
      const leftovers = [...flat].flatMap(([key, value]) =>
        (String(value).replace(/\{\{[^}]*\}\}|<\/?\w+>/g, '').match(/[A-Za-z][A-Za-z0-9/]*/g) ?? [])
          .filter((word) => !LATIN_TOKENS_ALLOWED.has(word))
          .map((word) => `${key}: ${word}`),
      );
      expect(leftovers, `${code} has Latin words`).toEqual([]);
    });

    it('translates every phrase rather than copying English', () => {
      const copied = [...flat]
        .filter(([key, value]) => {
          const english = enFlat.get(key);
          if (typeof english !== 'string' || value !== english || SAME_AS_ENGLISH_ALLOWED.has(key)) return false;
          return english.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= WORDS_BEFORE_IDENTICAL_IS_SUSPICIOUS;
        })
        .map(([key]) => key);
      expect(copied, `${code} copies English`).toEqual([]);
    });
  });
});
