import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-seed-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['src/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, CGM_DATA_DIR: dataDir, ...env },
  });

describe('node entry', () => {
  it('`seed` creates and migrates the database, seeds it once, and exits', async () => {
    const first = await run(['seed']);
    expect(first.stdout).toMatch(/seeded demo data .*5 accounts, \d{5} readings, \d+ sensor sessions, \d+ events/);
    const second = await run(['seed']);
    expect(second.stdout).toContain('already has members; nothing seeded');
  });

  it('refuses test hooks in production and a bad RSA size', async () => {
    await expect(run(['seed'], { NODE_ENV: 'production', CGM_ENABLE_TEST_HOOKS: '1' })).rejects.toThrow(/CGM_ENABLE_TEST_HOOKS/);
    await expect(run(['seed'], { CGM_RSA_BITS: '1000' })).rejects.toThrow(/CGM_RSA_BITS/);
  });
});
