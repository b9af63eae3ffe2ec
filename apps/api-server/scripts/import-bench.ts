// One year of 5-minute Dexcom Clarity data (105,120 rows, both DST nights of Europe/London)
// imported into an empty account of a fresh SQLite database: parse, check, one transaction.
//   pnpm --filter @cgm-portal/api-server bench:import
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../src/config';
import { parseImportFile } from '../src/imports/parse';
import { importFile } from '../src/imports/service';
import { openStore } from '../src/node-server';

const ROWS = 105_120;
const ZONE = 'Europe/London';

function clarityYear(): string {
  const lines = [
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),Glucose Rate of Change (mg/dL/min),Transmitter Time (Long Integer),Transmitter ID',
    '1,,FirstName,,Bench,,,,,,,,,',
    '2,,LastName,,Mark,,,,,,,,,',
  ];
  const start = Date.UTC(2024, 0, 1);
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' });
  for (let i = 0; i < ROWS; i++) {
    const t = start + i * 300_000;
    const value = Math.round(140 + 60 * Math.sin(i / 40) + 20 * Math.sin(i / 7));
    const text = i % 9000 === 17 ? 'High' : i % 7000 === 29 ? 'Low' : String(value);
    lines.push(`${i + 3},${local.format(t).replace(' ', 'T')},EGV,,,,Android G6,${text},,,,,${i * 300},8ABCDE`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cgm-import-bench-'));
try {
  const text = clarityYear();
  const store = await openStore({ ...readConfig({}), dataDir, databaseUrl: undefined });
  const memberId = await store.insertMember({
    accountType: 2, email: 'bench@cgm-portal.example', mobile: null, passwordHash: 'x', memberName: 'Bench', avatar: '',
    country: 'GB', timeZone: ZONE, birthday: null, gender: null, diabetesType: 2, diagnosisYear: null, remarks: null,
    petType: null, breed: null, weight: null, insulinType: null, insulinFreq: null, insulinDose: null, syringeType: null,
    unit: 'mmol/L', targetLow: 70, targetHigh: 180, highAlert: 180, lowAlert: 70, urgentLowAlert: 55, urgentHighAlert: 250, createdAt: Date.now(),
  });
  console.info(`file: ${ROWS} rows, ${(text.length / 1e6).toFixed(1)} MB`);
  let t = performance.now();
  const parsed = parseImportFile(text, ZONE);
  console.info(`parse + zone:        ${Math.round(performance.now() - t)} ms (${parsed.readings.length} readings, ${parsed.rejected.length} rejected)`);
  t = performance.now();
  const preview = await importFile(store, memberId, { text, timeZone: ZONE }, true);
  console.info(`preview (no write):  ${Math.round(performance.now() - t)} ms (would add ${preview.readings.added})`);
  t = performance.now();
  const done = await importFile(store, memberId, { text, timeZone: ZONE }, false);
  const first = performance.now() - t;
  console.info(`import (one commit): ${Math.round(first)} ms (added ${done.readings.added})`);
  t = performance.now();
  const again = await importFile(store, memberId, { text, timeZone: ZONE }, false);
  console.info(`re-import:           ${Math.round(performance.now() - t)} ms (duplicates ${again.readings.duplicates}, added ${again.readings.added})`);
  await store.close();
  if (done.readings.added !== ROWS || first > 10_000) {
    console.error(`FAILED: expected ${ROWS} readings in under 10 s`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
