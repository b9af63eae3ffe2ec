/**
 * A careful RFC 4180 reader, enough for vendor exports without a CSV library: quoted fields
 * with embedded separators, quotes ("") and line breaks, a UTF-8 BOM, CRLF or LF endings, and
 * the `;` (or tab) separator that some locales' exports use.
 */
export interface CsvRow {
  /** 1-based line of the file where the row starts (what a person sees in an editor). */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The separator of a file: the most frequent of , ; and tab outside quotes on its first lines. */
export function detectSeparator(text: string): string {
  const sample = text.slice(0, 4096).split(/\r?\n/).slice(0, 3).join('\n');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of sample) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === candidate) count++;
    }
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The rows of a CSV text one at a time, read as they are asked for: a 47 MB file never becomes
 * millions of field strings at once. Blank lines are skipped. Throws CsvError, when reached, on an
 * unterminated quote.
 */
export function* csvRows(input: string, separator = detectSeparator(stripBom(input))): Generator<CsvRow, void, undefined> {
  const text = stripBom(input);
  const sep = separator.charCodeAt(0);
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let atRowEnd = false;
    while (!atRowEnd) {
      let value: string;
      if (text.charCodeAt(i) === 34 /* " */) {
        const openedAt = line;
        i++;
        let parts = '';
        let from = i;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) throw new CsvError(openedAt, 'a quoted field is never closed');
          for (let k = i; k < q; k++) if (text.charCodeAt(k) === 10) line++;
          if (text.charCodeAt(q + 1) === 34) {
            parts += text.slice(from, q + 1);
            i = q + 2;
            from = i;
            continue;
          }
          parts += text.slice(from, q);
          i = q + 1;
          break;
        }
        value = parts;
        // Anything between the closing quote and the separator is kept (lenient, like spreadsheets).
        let end = i;
        while (end < n) {
          const c = text.charCodeAt(end);
          if (c === sep || c === 10 || c === 13) break;
          end++;
        }
        value += text.slice(i, end);
        i = end;
      } else {
        let end = i;
        while (end < n) {
          const c = text.charCodeAt(end);
          if (c === sep || c === 10 || c === 13) break;
          end++;
        }
        value = text.slice(i, end);
        i = end;
      }
      fields.push(value);
      const c = text.charCodeAt(i);
      if (c === sep) {
        i++;
      } else {
        if (c === 13) i++;
        if (text.charCodeAt(i) === 10) i++;
        line++;
        atRowEnd = true;
      }
      if (i >= n && c === sep) {
        fields.push('');
        atRowEnd = true;
      }
    }
    if (!(fields.length === 1 && fields[0]!.trim() === '')) yield { line: startLine, fields };
  }
}

/** All rows of a CSV text at once (small files and tests). */
export function readCsv(input: string, separator?: string): CsvRow[] {
  return [...csvRows(input, separator)];
}

/** A number written either way: "5.6" or "5,6" (decimal comma); NaN when it is not a number. */
export function parseNumber(raw: string | undefined): number {
  if (raw === undefined) return NaN;
  const s = raw.trim();
  if (s === '') return NaN;
  const normal = s.includes('.') ? s.replace(/,/g, '') : s.replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal) ? Number(normal) : NaN;
}
