// Imports a vendor export into a member's account, the same pipeline as Settings → Import data.
//   pnpm --filter @cgm-portal/api-server import -- --member demo@cgm-portal.example --file x.csv --zone Europe/London [--dry-run]
// The database is the server's (CGM_DATA_DIR or DATABASE_URL); --zone defaults to the member's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../src/config';
import { Problem } from '../src/http';
import { importFile } from '../src/imports/service';
import { openStore } from '../src/node-server';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    member: { type: 'string' },
    file: { type: 'string' },
    zone: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (!values.member || !values.file) {
  console.error('usage: import --member <e-mail> --file <path> [--zone <IANA zone>] [--dry-run]');
  process.exit(2);
}

const store = await openStore(readConfig());
try {
  const member = await store.findMemberByEmail(values.member.trim().toLowerCase());
  if (!member || member.accountType !== 2) throw new Error(`${values.member} is not a CGM user of this database`);
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), values.file);
  const timeZone = values.zone ?? member.timeZone;
  const started = performance.now();
  const summary = await importFile(store, member.id, { text: readFileSync(path, 'utf8'), timeZone }, values['dry-run']);
  const ms = Math.round(performance.now() - started);
  const verb = summary.dryRun ? 'would add' : 'added';
  console.info(`${path}: ${summary.format}${summary.dateOrder ? ` (${summary.dateOrder})` : ''}, read in ${timeZone}, ${ms} ms`);
  console.info(`  readings: ${verb} ${summary.readings.added}, duplicates skipped ${summary.readings.duplicates}`);
  console.info(`  events:   ${verb} ${summary.events.added}, duplicates skipped ${summary.events.duplicates}`);
  console.info(`  ignored rows ${summary.ignored}; rejected ${summary.rejectedTotal}`);
  for (const r of summary.rejected) console.info(`    line ${r.line}: ${r.reason}`);
  if (summary.dryRun) console.info('  dry run: nothing written');
} catch (error) {
  console.error(error instanceof Problem ? `refused, nothing written: ${error.params.field ?? error.key}` : error);
  process.exitCode = 1;
} finally {
  await store.close();
}
