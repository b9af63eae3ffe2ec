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
    const file = join(root, group, name, '.test-results', 'vitest.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    console.info(`${group}/${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
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
