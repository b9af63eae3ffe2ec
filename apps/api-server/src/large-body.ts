import { nextTurn, Slicer } from './imports/sliced';

/**
 * Request bodies of several megabytes (the JSON import calls send a file as one JSON string,
 * up to 8 MB of text; the portal uses the upload calls, imports/upload.ts) read without holding
 * the event loop: the bytes are decoded as they arrive, and the JSON is taken apart in turns of
 * a few milliseconds. JSON.parse of a 47 MB body alone blocked every other request for a few
 * hundred milliseconds on a small server; this never does for more than one slice (plus one
 * copy of the final string).
 */

/** Bodies above this are read in slices; below, JSON.parse is quicker than a slice. */
export const LARGE_BODY_CHARS = 1024 * 1024;
/** Long strings are decoded in pieces of about this many characters. */
const REGION_CHARS = 256 * 1024;

export class MalformedJson extends Error {}

/** The body as text, decoded chunk by chunk as it arrives. */
export async function readBodyText(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const parts: string[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters inside strings
const RAW_CONTROL = /[\u0000-\u001F]/;

/** The JSON string starting at `start` (its opening quote), decoded in slices; and where it ends. */
async function decodeString(text: string, start: number, slicer: Slicer): Promise<{ value: string; end: number }> {
  const regions: string[] = [];
  let pieces: string[] = [];
  let pieceChars = 0;
  const keep = (piece: string) => {
    if (RAW_CONTROL.test(piece)) throw new MalformedJson('a control character inside a string');
    pieces.push(piece);
    pieceChars += piece.length;
  };
  let i = start + 1;
  let quote = text.indexOf('"', i);
  let slash = text.indexOf('\\', i);
  for (;;) {
    if (quote < 0) throw new MalformedJson('a string is never closed');
    if (slash < 0 || quote < slash) {
      keep(text.slice(i, quote));
      regions.push(pieces.join(''));
      return { value: regions.join(''), end: quote + 1 };
    }
    keep(text.slice(i, slash));
    const kind = text[slash + 1] ?? '';
    if (kind === 'u') {
      const hex = text.slice(slash + 2, slash + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new MalformedJson('a bad \\u escape');
      pieces.push(String.fromCharCode(parseInt(hex, 16)));
      i = slash + 6;
    } else {
      const escaped = ESCAPES[kind];
      if (escaped === undefined) throw new MalformedJson(`a bad escape \\${kind}`);
      pieces.push(escaped);
      i = slash + 2;
    }
    if (quote < i) quote = text.indexOf('"', i);
    slash = text.indexOf('\\', i);
    if (pieceChars >= REGION_CHARS) {
      regions.push(pieces.join(''));
      pieces = [];
      pieceChars = 0;
      await slicer.pause();
    }
  }
}

/** The end of a small value starting at `i`: the next `,` or `}` at depth 0, outside strings. */
function smallValueEnd(text: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 34) {
      j++;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) return j;
      depth--;
    } else if (c === 44 && depth === 0) return j;
    j++;
  }
  throw new MalformedJson('the body ends too early');
}

function parsePart(text: string, from: number, to: number): unknown {
  try {
    return JSON.parse(text.slice(from, to));
  } catch (error) {
    throw new MalformedJson((error as Error).message);
  }
}

/**
 * JSON.parse for a large body that is an object (every call of the contract sends one): its
 * string fields are decoded in slices; any other field is small in every call, and is parsed
 * with JSON.parse. Anything else than an object is left to JSON.parse.
 */
export async function parseLargeJson(text: string, slicer = new Slicer()): Promise<unknown> {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 123) return parsePart(text, 0, text.length);
  const result: Record<string, unknown> = {};
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === 125) i++;
  else
    for (;;) {
      if (text.charCodeAt(i) !== 34) throw new MalformedJson('expected a field name');
      const key = await decodeString(text, i, slicer);
      i = skipSpace(text, key.end);
      if (text.charCodeAt(i) !== 58) throw new MalformedJson('expected ":"');
      i = skipSpace(text, i + 1);
      let value: unknown;
      if (text.charCodeAt(i) === 34) {
        const decoded = await decodeString(text, i, slicer);
        value = decoded.value;
        i = decoded.end;
      } else {
        const end = smallValueEnd(text, i);
        value = parsePart(text, i, end);
        i = end;
      }
      // Own data property, as JSON.parse makes it (a "__proto__" field stays a field).
      Object.defineProperty(result, key.value, { value, enumerable: true, writable: true, configurable: true });
      i = skipSpace(text, i);
      const c = text.charCodeAt(i);
      if (c === 44) i = skipSpace(text, i + 1);
      else if (c === 125) {
        i++;
        break;
      } else throw new MalformedJson('expected "," or "}"');
      await slicer.pause();
    }
  if (skipSpace(text, i) !== text.length) throw new MalformedJson('text after the end of the body');
  await nextTurn();
  return result;
}

/**
 * unsafeTextPath's check for large payloads: long strings are tested a region at a time, with
 * turns for other requests in between. `check` is the test of one region.
 */
export async function findInLongStrings(value: unknown, check: (text: string) => boolean, slicer = new Slicer(), path: string[] = []): Promise<string | null> {
  if (typeof value === 'string') {
    for (let k = 0; k < value.length; k += REGION_CHARS) {
      if (check(value.slice(k, k + REGION_CHARS))) return path.join('.') || 'body';
      await slicer.pause();
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (check(key)) return [...path, 'key'].join('.');
      const found = await findInLongStrings(item, check, slicer, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
