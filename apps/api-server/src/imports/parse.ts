import { isClarityHeader, parseClarity } from './clarity';
import { csvRows, CsvError, detectSeparator, stripBom, type CsvRow } from './csv';
import { jsonPieces } from './json-pieces';
import { libreViewLanguage, parseLibreView } from './libreview';
import { ZoneClock } from './local-time';
import { isNightscoutItem, parseNightscoutJson } from './nightscout-json';
import { isPortalCsvHeader, isPortalJsonField, parsePortalCsv, parsePortalJson } from './portal-format';
import { ROWS_PER_CHECK, runNow, type Sliced } from './sliced';
import { MalformedFile, type ParsedFile } from './types';

/**
 * Any supported file → readings, events and rejected lines; pure, nothing written. The
 * format is recognised from the content (never the file name): JSON is the portal's export
 * or Nightscout; CSV is the portal's export, Dexcom Clarity or LibreView. Throws
 * MalformedFile when the file as a whole cannot be read, so nothing of it is imported.
 */
export function parseImportFile(input: string, zone: string): ParsedFile {
  return runNow(parseImportFileSliced(input, zone));
}

/**
 * parseImportFile as sliced work (sliced.ts), reading the file as it goes: CSV rows and JSON
 * items one at a time, so memory holds the text and the parsed records, never a second copy of
 * the file as strings or objects.
 */
export function* parseImportFileSliced(input: string, zone: string): Sliced<ParsedFile> {
  if (!ZoneClock.isValidZone(zone)) throw new MalformedFile(`unknown time zone "${zone}"`);
  const text = stripBom(input);
  const json = text.trimStart();
  if (json.startsWith('[') || json.startsWith('{')) {
    const kind = yield* jsonKind(json);
    if (kind === 'portal') return yield* parsePortalJson(json);
    if (kind === 'nightscout') return yield* parseNightscoutJson(json, zone);
    throw new MalformedFile('this JSON is neither a CGM Portal export nor Nightscout entries or treatments');
  }
  const separator = detectSeparator(text);
  // Re-readable: each pass reads the text again, row by row.
  const rows: Iterable<CsvRow> = { [Symbol.iterator]: () => csvRows(text, separator) };
  try {
    const first: CsvRow[] = [];
    for (const row of rows) {
      first.push(row);
      if (first.length === 30) break;
    }
    if (first.length === 0) throw new MalformedFile('the file is empty');
    if (isPortalCsvHeader(first[0]!.fields)) return yield* parsePortalCsv(rows);
    if (first.some((r) => isClarityHeader(r.fields))) return yield* parseClarity(rows, zone);
    if (first.slice(0, 4).some((r) => libreViewLanguage(r.fields) !== null)) return yield* parseLibreView(rows, zone);
  } catch (error) {
    if (error instanceof CsvError) throw new MalformedFile(`line ${error.line}: ${error.message}`);
    throw error;
  }
  throw new MalformedFile('not a file this portal can import (Dexcom Clarity CSV, LibreView CSV, Nightscout JSON or a CGM Portal export)');
}

/**
 * Which JSON it is, reading no more than it must: the portal's export names itself in a
 * top-level `format` field (found without parsing any array item); Nightscout is recognised by
 * its first entry or treatment. A file that is not valid JSON throws here.
 */
function* jsonKind(text: string): Sliced<'portal' | 'nightscout' | null> {
  let pieces = 0;
  if (text.startsWith('{')) {
    // No field is named like this, so every array item is skipped unparsed.
    for (const piece of jsonPieces(text, '\u0000')) {
      if (++pieces % ROWS_PER_CHECK === 0) yield;
      if ('value' in piece && isPortalJsonField(piece.key, piece.value)) return 'portal';
    }
  }
  for (const piece of jsonPieces(text)) {
    if (++pieces % ROWS_PER_CHECK === 0) yield;
    if ('item' in piece && isNightscoutItem(piece.key, piece.item)) return 'nightscout';
  }
  return null;
}
