import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Slicer } from './imports/sliced';
import { findInLongStrings, MalformedJson, parseLargeJson, readBodyText } from './large-body';
import { hasUnsafeText } from './text-safety';

/** A slicer that gives the event loop a turn at every chance, so turns can be counted. */
const everyChance = () => new Slicer(0);

describe('large bodies are read in slices', () => {
  it('parses any object body exactly as JSON.parse does (fixed seed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), async (value) => {
        const text = JSON.stringify(value);
        expect(await parseLargeJson(text, everyChance())).toEqual(JSON.parse(text));
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('decodes a long string with every escape, and gives other requests turns meanwhile', async () => {
    const line = 'a,"b",\\c\t\u00e9\u4e2d\ud83d\ude00/\u0001\r\n';
    const value = { fileName: 'x.csv', text: line.repeat(40_000), timeZone: 'Europe/London', n: [1, { a: null }], __proto__x: true };
    const text = ` ${JSON.stringify(value)}\n`;
    // Another request's work, as a chain of immediates: it runs once each time the parse yields
    // the event loop (a timer would count milliseconds, which a loaded machine makes few).
    let turns = 0;
    let parsing = true;
    const other = () => {
      turns++;
      if (parsing) setImmediate(other);
    };
    setImmediate(other);
    const parsed = await parseLargeJson(text, everyChance());
    parsing = false;
    expect(parsed).toEqual(JSON.parse(text));
    expect(turns).toBeGreaterThan(3);
  });

  it('keeps a "__proto__" field a plain field, as JSON.parse does', async () => {
    const parsed = (await parseLargeJson('{"__proto__":{"polluted":1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['{"text":"a\nb"}', 'a raw line break inside a string'],
    ['{"text":"a\\qb"}', 'a bad escape'],
    ['{"text":"\\u12G4"}', 'a bad \\u escape'],
    ['{"text":"never closed}', 'an unterminated string'],
    ['{"a":1} x', 'text after the end'],
    ['{"a" 1}', 'a missing colon'],
    ['{"a":1,}', 'a trailing comma'],
    ['{"a":tru}', 'a bad literal'],
  ])('refuses %s (%s), as JSON.parse does', async (text) => {
    expect(() => JSON.parse(text)).toThrow();
    await expect(parseLargeJson(text)).rejects.toBeInstanceOf(MalformedJson);
  });

  it('decodes a body stream split anywhere, even inside a character', async () => {
    const text = JSON.stringify({ text: 'é中😀'.repeat(1000) });
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    expect(await readBodyText(stream)).toBe(text);
  });

  it('finds an unsafe character anywhere in a long string, region by region', async () => {
    const long = 'x'.repeat(1_000_000);
    expect(await findInLongStrings({ text: long }, hasUnsafeText)).toBeNull();
    expect(await findInLongStrings({ a: 'ok', text: `${long}\u202e${long}` }, hasUnsafeText)).toBe('text');
    expect(await findInLongStrings({ list: ['ok', `${long}\u0000`] }, hasUnsafeText)).toBe('list.1');
  });
});
