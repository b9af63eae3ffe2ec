// Adds up the JSON reports of every Vitest package and of Playwright into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let passed = 0;
let failed = 0;
let skipped = 0;

for (const group of ['apps', 'packages', 'tooling']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name, '.test-results');
    if (!existsSync(dir)) continue;
    // vitest.json, plus a named report per extra run (vitest-postgres.json: the same suite on PostgreSQL).
    for (const file of readdirSync(dir).filter((f) => /^vitest.*\.json$/.test(f)).sort()) {
      const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      const run = file === 'vitest.json' ? '' : ` (${file.slice(7, -5)})`;
      console.info(`${group}/${name}${run}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    }
    // Figures a suite wants in the log (the contract fuzz's case count), which turbo hides on success.
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.note.txt')).sort()) {
      console.info(`  ${readFileSync(join(dir, file), 'utf8').trim()}`);
    }
  }
}

const e2eFile = join(root, 'tooling/e2e/.test-results/playwright.json');
if (existsSync(e2eFile)) {
  const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0);
  skipped += stats.skipped ?? 0;
  console.info(`browser tests: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky ?? 0} flaky`);
}

console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
