/**
 * Loads the iglu reference files (REFERENCE_DIR: ../shared/reference beside the repository, see
 * reference/README.md). Test-only; not part of the published entry point.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Reading } from '../types.js';
import { REFERENCE_DIR } from './reference-dir.js';

/** The example data's zone: a fixed UTC−5 ("EST" in R), IANA Etc/GMT+5. */
export const EXAMPLE_ZONE = 'Etc/GMT+5';

export function readReference(name: string): string {
  return readFileSync(resolve(REFERENCE_DIR, name), 'utf8');
}

/** Minimal CSV reader for these files: comma-separated, optional double quotes, no embedded commas in quotes except plain text. */
export function parseCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const split = (line: string): string[] => {
    const out: string[] = [];
    let cur = '';
    let q = false;
    for (const ch of line) {
      if (ch === '"') q = !q;
      else if (ch === ',' && !q) {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const header = split(lines[0]!);
  return lines.slice(1).map((l) => {
    const cells = split(l);
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cells[i] ?? ''));
    return row;
  });
}

export function num(cell: string | undefined): number | null {
  if (cell === undefined || cell === 'NA' || cell === '') return null;
  return Number(cell);
}

let exampleCache: { rows: Record<string, string>[]; bySubject: Map<string, Reading[]> } | undefined;

export function exampleData(): { rows: Record<string, string>[]; bySubject: Map<string, Reading[]> } {
  if (!exampleCache) {
    const rows = parseCsv(readReference('example_data_5_subject.csv'));
    const bySubject = new Map<string, Reading[]>();
    for (const r of rows) {
      const list = bySubject.get(r.id!) ?? [];
      list.push({ time: Date.parse(r.time!), mgdl: Number(r.gl) });
      bySubject.set(r.id!, list);
    }
    exampleCache = { rows, bySubject };
  }
  return exampleCache;
}

export function syntheticData(): Map<string, Reading[]> {
  const by = new Map<string, Reading[]>();
  for (const r of parseCsv(readReference('synthetic_cases.csv'))) {
    const list = by.get(r.id!) ?? [];
    list.push({ time: Date.parse(r.time!), mgdl: Number(r.gl) });
    by.set(r.id!, list);
  }
  return by;
}

export type Expected = Record<string, number | string | null>;

export function expectedValues(): { example: Record<string, Expected>; synthetic: Record<string, Expected> } {
  const j = JSON.parse(readReference('iglu-expected.json')) as {
    example_data_5_subject: Record<string, Expected>;
    synthetic_cases: Record<string, Expected>;
  };
  return { example: j.example_data_5_subject, synthetic: j.synthetic_cases };
}

