import { MalformedFile } from './types';

/**
 * A large JSON file read piece by piece instead of with one JSON.parse: each item of the
 * top-level array, or of an array held by a top-level field, is parsed alone, so a 47 MB export
 * never exists as one tree of objects, and the reader can pause between items (sliced.ts).
 * Items are still parsed by JSON.parse, so what counts as valid JSON does not change; the
 * scanner between them only finds where each item ends.
 */
export type JsonPiece =
  /** An array starts (under a top-level field, or the document itself when key is null). */
  | { key: string | null; array: true }
  /** An item of the top-level array (key null) or of the array under a top-level field. */
  | { key: string | null; item: unknown }
  /** An item not parsed, because only another field's items were asked for. */
  | { key: string | null; skipped: true }
  /** A top-level field that is not an array, or a whole document that is neither array nor object. */
  | { key: string | null; value: unknown };

const bad = (reason: string) => new MalformedFile(`the JSON cannot be read: ${reason}`);

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The end (after the closing quote) of the string starting at `i`. */
function stringEnd(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw bad(`a string opened at character ${i} is never closed`);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The end of the value starting at `i` (strings skipped whole, brackets counted). */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 34) return stringEnd(text, i);
  if (first === 123 || first === 91) {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 34) {
        j = stringEnd(text, j);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    throw bad('the file ends inside an object or array');
  }
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 44 || c === 93 || c === 125 || isSpace(c)) break;
    j++;
  }
  if (j === i) throw bad(`unexpected character at ${i}`);
  return j;
}

function parseSlice(text: string, from: number, to: number): unknown {
  try {
    return JSON.parse(text.slice(from, to));
  } catch (error) {
    throw bad(`${(error as Error).message} (near character ${from})`);
  }
}

/** The items of the array opening at `i`; returns the index after it. */
function* arrayItems(text: string, i: number, key: string | null, parse: boolean): Generator<JsonPiece, number, undefined> {
  yield { key, array: true };
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === 93) return i + 1;
  for (;;) {
    const end = valueEnd(text, i);
    yield parse ? { key, item: parseSlice(text, i, end) } : { key, skipped: true };
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === 44) i = skipSpace(text, i + 1);
    else if (c === 93) return i + 1;
    else throw bad(`expected "," or "]" at character ${i}`);
  }
}

/**
 * The pieces of `text` in file order. With `only`, items of arrays under other top-level fields
 * are skipped unparsed (they are still scanned, and still yielded, so a reader can pause).
 */
export function* jsonPieces(text: string, only?: string): Generator<JsonPiece, void, undefined> {
  let i = skipSpace(text, 0);
  const first = text.charCodeAt(i);
  if (first === 91) {
    i = yield* arrayItems(text, i, null, true);
  } else if (first === 123) {
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) === 125) i++;
    else
      for (;;) {
        if (text.charCodeAt(i) !== 34) throw bad(`expected a field name at character ${i}`);
        const keyEnd = stringEnd(text, i);
        const key = parseSlice(text, i, keyEnd) as string;
        i = skipSpace(text, keyEnd);
        if (text.charCodeAt(i) !== 58) throw bad(`expected ":" at character ${i}`);
        i = skipSpace(text, i + 1);
        if (text.charCodeAt(i) === 91) {
          i = yield* arrayItems(text, i, key, only === undefined || only === key);
        } else {
          const end = valueEnd(text, i);
          yield { key, value: parseSlice(text, i, end) };
          i = end;
        }
        i = skipSpace(text, i);
        const c = text.charCodeAt(i);
        if (c === 44) i = skipSpace(text, i + 1);
        else if (c === 125) {
          i++;
          break;
        } else throw bad(`expected "," or "}" at character ${i}`);
      }
  } else {
    const end = valueEnd(text, i);
    yield { key: null, value: parseSlice(text, i, end) };
    i = end;
  }
  if (skipSpace(text, i) !== text.length) throw bad(`unexpected text after the end at character ${i}`);
}
