import { isClarityHeader, parseClarity } from './clarity';
import { CsvError, readCsv, stripBom } from './csv';
import { libreViewLanguage, parseLibreView } from './libreview';
import { ZoneClock } from './local-time';
import { looksLikeNightscout, parseNightscoutJson } from './nightscout-json';
import { isPortalCsvHeader, isPortalJson, parsePortalCsv, parsePortalJson } from './portal-format';
import { MalformedFile, type ParsedFile } from './types';

/**
 * Any supported file → readings, events and rejected lines; pure, nothing written. The
 * format is recognised from the content (never the file name): JSON is the portal's export
 * or Nightscout; CSV is the portal's export, Dexcom Clarity or LibreView. Throws
 * MalformedFile when the file as a whole cannot be read, so nothing of it is imported.
 */
export function parseImportFile(input: string, zone: string): ParsedFile {
  if (!ZoneClock.isValidZone(zone)) throw new MalformedFile(`unknown time zone "${zone}"`);
  const text = stripBom(input);
  const start = text.trimStart();
  if (start.startsWith('[') || start.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(start);
    } catch (error) {
      throw new MalformedFile(`the JSON cannot be read: ${(error as Error).message}`);
    }
    if (isPortalJson(value)) return parsePortalJson(value);
    if (looksLikeNightscout(value)) return parseNightscoutJson(value, zone);
    throw new MalformedFile('this JSON is neither a CGM Portal export nor Nightscout entries or treatments');
  }
  let rows;
  try {
    rows = readCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new MalformedFile(`line ${error.line}: ${error.message}`);
    throw error;
  }
  if (rows.length === 0) throw new MalformedFile('the file is empty');
  if (isPortalCsvHeader(rows[0]!.fields)) return parsePortalCsv(rows);
  if (rows.slice(0, 30).some((r) => isClarityHeader(r.fields))) return parseClarity(rows, zone);
  if (rows.slice(0, 4).some((r) => libreViewLanguage(r.fields) !== null)) return parseLibreView(rows, zone);
  throw new MalformedFile('not a file this portal can import (Dexcom Clarity CSV, LibreView CSV, Nightscout JSON or a CGM Portal export)');
}
