import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/src/locales');

/** Reads a translated string the way the portal shows it, so tests assert real text per language. */
export function translated(lang: string, key: string): string {
  const catalog = JSON.parse(readFileSync(join(localesDir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  if (typeof value !== 'string') throw new Error(`no string ${key} in ${lang}`);
  return value;
}
