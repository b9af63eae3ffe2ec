import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';
import { resolveWallTimes, naiveOf } from './local-time';
import { parseImportFile } from './parse';
import { MalformedFile } from './types';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-fixtures');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const MIN = 60_000;
const utc = (iso: string) => Date.parse(iso);

/** Every step between consecutive times, in minutes. */
const steps = (times: number[]) => times.slice(1).map((t, i) => (t - times[i]!) / MIN);

describe('the CSV reader', () => {
  it('reads quoted separators, doubled quotes, line breaks inside quotes, BOM and CRLF', () => {
    const rows = readCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",z\r\n\r\n3,,\r\n');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      { line: 3, fields: ['2', 'two\r\nlines', 'z'] },
      { line: 6, fields: ['3', '', ''] },
    ]);
  });
  it('finds the ; separator of European exports', () => {
    expect(readCsv('a;b\n"5,6";7\n')[1]!.fields).toEqual(['5,6', '7']);
  });
});

describe('wall times in a zone', () => {
  it('reads a file sorted by wall time on the night clocks go back (each time twice, in turn)', () => {
    const walls = ['00:55', '01:00', '01:00', '01:30', '01:30', '02:00'].map((hm) => ({
      naive: naiveOf(2023, 10, 29, Number(hm.slice(0, 2)), Number(hm.slice(3))),
      stream: 'sgv',
    }));
    expect(resolveWallTimes(walls, 'Europe/London').map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '23:55',
      '00:00',
      '01:00',
      '00:30',
      '01:30',
      '02:00',
    ]);
  });
  it('walks a newest-first file from its end', () => {
    const walls = ['02:10', '01:50', '01:10', '01:50', '01:10', '00:50'].map((hm) => ({
      naive: naiveOf(2023, 10, 29, Number(hm.slice(0, 2)), Number(hm.slice(3))),
      stream: 'sgv',
    }));
    const times = resolveWallTimes(walls, 'Europe/London');
    expect(steps(times.slice().reverse())).toEqual([20, 40, 20, 40, 20]);
  });
});

describe('Dexcom Clarity', () => {
  it('new column set, mg/dL: the repeated hour of the autumn night is read as two hours, none lost', () => {
    const p = parseImportFile(fixture('clarity-new-mgdl.csv'), 'Europe/London');
    expect(p.format).toBe('clarity');
    const sgv = p.readings.list().filter((r) => r.kind === 'sgv');
    expect(sgv).toHaveLength(48);
    expect(sgv[0]!.time).toBe(utc('2023-10-28T23:00:00Z'));
    expect(new Set(steps(sgv.map((r) => r.time)))).toEqual(new Set([5]));
    expect(sgv[10]!.mgdl).toBe(401); // "High"
    expect(sgv[30]!.mgdl).toBe(39); // "Low"
    const byType = Object.fromEntries(p.events.map((e) => [e.eventType + (e.detail.eventType === 'insulin' ? e.detail.insulinKind : ''), e]));
    expect(byType.calibration!.time).toBe(utc('2023-10-29T01:20:00Z')); // 01:20 GMT, the second pass
    expect(byType.sport!.time).toBe(utc('2023-10-29T00:40:00Z')); // 01:40 BST, the first pass
    expect(byType.sport!.detail).toEqual({ eventType: 'sport', sportName: 'Exercise', durationMinutes: 35, intensity: 'moderate' });
    expect(byType.meal!.detail).toMatchObject({ carbs: 45 });
    expect(byType.insulinShort_acting!.detail).toMatchObject({ units: 4.5 });
    expect(byType.insulinLong_acting!.detail).toMatchObject({ units: 18 });
    expect(p.readings.list().filter((r) => r.kind === 'cal')).toEqual([expect.objectContaining({ mgdl: 118 })]);
    expect(p.rejected).toEqual([]);
    expect(p.ignored).toBe(9); // name, device and alert-setting rows; a Health event
  });

  it('old column set, mmol/L with BOM: spring forward has no gap in the data, a time that never happened is rejected', () => {
    const p = parseImportFile(fixture('clarity-old-mmol.csv'), 'Europe/London');
    const sgv = p.readings.list().filter((r) => r.kind === 'sgv');
    expect(sgv).toHaveLength(36);
    expect(new Set(steps(sgv.map((r) => r.time)))).toEqual(new Set([5]));
    expect(sgv[5]!.mgdl).toBe(39);
    expect(sgv[20]!.mgdl).toBe(401);
    expect(sgv[0]!.mgdl).toBe(Math.round(Number((140 / 18).toFixed(1)) * 18)); // 7.8 mmol/L → 140 mg/dL
    expect(p.rejected).toEqual([
      { line: 41, reason: expect.stringContaining('does not exist in Europe/London') },
      { line: 43, reason: expect.stringContaining('"n/a" is not a number') },
    ]);
  });
});

const LIBRE: Array<[string, string, string, 'mg/dL' | 'mmol/L']> = [
  ['libreview-en-us.csv', 'America/New_York', 'monthFirst', 'mg/dL'],
  ['libreview-en-gb.csv', 'Europe/London', 'dayFirst', 'mmol/L'],
  ['libreview-fr.csv', 'Europe/Paris', 'dayFirst', 'mmol/L'],
  ['libreview-de.csv', 'Europe/Berlin', 'dayFirst', 'mg/dL'],
  ['libreview-es.csv', 'Europe/Madrid', 'dayFirst', 'mg/dL'],
  ['libreview-it.csv', 'Europe/Rome', 'dayFirst', 'mmol/L'],
  ['libreview-zh.csv', 'Asia/Shanghai', 'yearFirst', 'mmol/L'],
];

describe('LibreView', () => {
  it.each(LIBRE)('%s (%s): metadata line, 19 columns, historic every 15 minutes, scans only in gaps', (file, zone, order, unit) => {
    const p = parseImportFile(fixture(file), zone);
    expect(p.format).toBe('libreview');
    expect(p.dateOrder).toBe(order);
    expect(p.rejected).toEqual([]);
    const sgv = p.readings.list().filter((r) => r.kind === 'sgv');
    // Historic readings 15 minutes apart across any DST change; the 2-hour sensor gap is bridged by a scan.
    const gaps = steps(sgv.map((r) => r.time));
    // The second scan lies within 15 minutes of the next historic reading, so the trace covers it.
    expect(gaps.filter((g) => g !== 15)).toEqual([135, 45]);
    expect(sgv.filter((r) => r.mgdl === 501)).toHaveLength(1); // HI
    if (!file.endsWith('zh.csv')) expect(sgv.filter((r) => r.mgdl === 39)).toHaveLength(1); // LO
    expect(sgv[0]!.mgdl).toBe(unit === 'mg/dL' ? 150 : Math.round(Number((150 / 18).toFixed(1)) * 18));
    const types = p.events.map((e) => e.eventType).sort();
    expect(types).toEqual(['BG', 'insulin', 'insulin', 'meal', 'meal']);
    const meals = p.events.filter((e) => e.eventType === 'meal');
    expect(meals.map((m) => (m.detail as { carbs: number | null }).carbs)).toEqual([60, null]);
    expect(meals[1]!.note).toBe('2 servings');
    expect(p.events.find((e) => e.eventType === 'insulin')!.note).toBe('bolus, before dinner');
    expect(p.readings.list().filter((r) => r.kind === 'mbg')).toHaveLength(1);
    // Ketone (3) and note/time-change (6) rows, and scans covered by the historic trace.
    expect(p.ignored).toBeGreaterThanOrEqual(4);
  });

  it('US export: 1 AM happens twice on the November night and both hours are kept', () => {
    const p = parseImportFile(fixture('libreview-en-us.csv'), 'America/New_York');
    const sgv = p.readings.list().filter((r) => r.kind === 'sgv');
    expect(sgv[0]!.time).toBe(utc('2023-11-05T03:00:00Z'));
    expect(sgv[19]!.time).toBe(utc('2023-11-05T07:45:00Z'));
  });

  it('the same file read in another zone moves by that zone offset', () => {
    const london = parseImportFile(fixture('libreview-zh.csv'), 'Europe/London').readings.at(0).time;
    const shanghai = parseImportFile(fixture('libreview-zh.csv'), 'Asia/Shanghai').readings.at(0).time;
    expect(london - shanghai).toBe(7 * 60 * MIN); // BST +1 versus +8
  });
});

describe('Nightscout JSON', () => {
  it('entries: sgv and mbg kept, cal has no glucose, error codes are refused, 39 is the low marker', () => {
    const p = parseImportFile(fixture('nightscout-entries.json'), 'Europe/London');
    expect(p.format).toBe('nightscout');
    expect(p.readings.list().filter((r) => r.kind === 'sgv')).toHaveLength(26);
    expect(p.readings.list().find((r) => r.mgdl === 39)).toBeTruthy();
    expect(p.readings.list().filter((r) => r.kind === 'mbg')).toEqual([expect.objectContaining({ mgdl: 112 })]);
    expect(p.events).toEqual([expect.objectContaining({ eventType: 'BG' })]);
    expect(p.rejected).toEqual([{ line: 28, reason: expect.stringContaining('error code') }]);
    // A dateString without offset is wall time in the chosen zone (09:00 BST).
    expect(p.readings.list().some((r) => r.time === utc('2024-06-01T08:00:00Z') && r.mgdl === 131)).toBe(true);
  });
  it('treatments: bolus with carbs is two events, mmol BG check, exercise; temp basal and site change ignored', () => {
    const p = parseImportFile(fixture('nightscout-treatments.json'), 'UTC');
    expect(p.events.map((e) => e.eventType)).toEqual(['insulin', 'meal', 'insulin', 'meal', 'BG', 'sport']);
    expect(p.events[4]!.detail).toEqual({ eventType: 'BG', mgdl: 76 });
    expect(p.events[0]!.note).toBe('pasta');
    expect(p.ignored).toBe(2);
    expect(p.rejected).toEqual([{ line: 8, reason: 'treatment has no created_at' }]);
  });
});

describe('malformed files', () => {
  it.each(['malformed-unclosed-quote.csv', 'malformed.json'])('%s is refused as a whole', (file) => {
    expect(() => parseImportFile(fixture(file), 'Europe/London')).toThrow(MalformedFile);
  });
  it('refuses an unknown zone and an unknown layout', () => {
    expect(() => parseImportFile(fixture('libreview-fr.csv'), 'Mars/Olympus')).toThrow(MalformedFile);
    expect(() => parseImportFile('a,b,c\n1,2,3\n', 'UTC')).toThrow(/not a file this portal can import/);
  });
});
