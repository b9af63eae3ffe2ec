import { describe, expect, it } from 'vitest';
import { englishI18n } from './test-utils';

// Every source file of the package except tests and stories, as text.
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/*.stories.tsx'], { query: '?raw', import: 'default', eager: true });
const NAMESPACES = ['agp', 'report', 'ranges', 'units', 'profile', 'session', 'common', 'home'];
const KEY_LITERAL = new RegExp(`'((?:${NAMESPACES.join('|')})\\.[\\w.]+)'`, 'g');

describe('i18n keys', () => {
  const used = new Set(Object.values(sources).flatMap((text) => Array.from(text.matchAll(KEY_LITERAL), (m) => m[1]!)));

  it('finds the keys the report uses', () => {
    expect(used.size).toBeGreaterThan(60);
    expect(used).toContain('report.agpNeeds5Days');
    expect(used).toContain('agp.notApplicablePets');
  });

  it('uses only keys that exist in the English catalog', async () => {
    const { i18n } = await englishI18n();
    const missing = [...used].filter((key) => !['', '_one', '_other'].some((suffix) => i18n.exists(`${key}${suffix}`, { lng: 'en' })));
    expect(missing).toEqual([]);
  });
});
