import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from '@cgm-portal/api-server/chromium';
import { ensurePushCertificate } from '@cgm-portal/api-server/push-service';
import { defineConfig } from '@playwright/test';
import { API_PORT, APPS, MAIL_HTTP_URL, MAIL_SMTP_PORT, PUSH_RECEIVED_URL, PUSH_SERVICE_PORT, appUrl } from './apps';

// Launched as the server's PDF printer launches it.
const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
// A fresh SQLite file per run: the real server on a real database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cgm-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const apiTarget = `http://127.0.0.1:${API_PORT}`;
// The test push service's certificate, made before the server starts so the server can trust it.
const pushCertificateDir = join(dataDir, 'push-service');
const { certificateFile: pushCertificate } = ensurePushCertificate(pushCertificateDir);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Visual baselines live in the repo under one name per screenshot: no platform or browser
  // suffix, so a fresh clone on any Linux finds them (Chromium is Debian's everywhere).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: {
    // Font anti-aliasing moves a few edge pixels between machines: up to 1 % of a page's pixels
    // may differ, each by Playwright's default colour threshold; a moved chart or a changed
    // text is far more than that.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ['json', { outputFile: '.test-results/playwright.json' }],
  ],
  // The log audit reads the server's log of everything else, so it runs last.
  // The glucose-events test uploads a low glucose episode that runs into the next hour (the
  // consensus needs 15 minutes of it): it stays the member's newest reading and their newest
  // evaluated alert for that hour, so it runs after every test that reads either.
  projects: [
    { name: 'portal', testIgnore: /(log-audit|glucose-events)\.spec\.ts/ },
    { name: 'after-portal', testMatch: /glucose-events\.spec\.ts/, dependencies: ['portal'] },
    { name: 'log-audit', testMatch: /log-audit\.spec\.ts/, dependencies: ['after-portal'] },
  ],
  use: {
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_ARGS],
    },
  },
  // The production server, as a deployment runs it: one Node process serves the API and the
  // three built apps, each on its own port (CGM_APPS). No vite preview.
  webServer: [
    {
      command: `pnpm --dir ../../apps/api-server exec tsx src/test-support/mail-sink-cli.ts ${MAIL_SMTP_PORT} ${new URL(MAIL_HTTP_URL).port}`,
      url: `${MAIL_HTTP_URL}/mails`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `pnpm --dir ../../apps/api-server exec tsx src/test-support/push-service-cli.ts ${PUSH_SERVICE_PORT} ${new URL(PUSH_RECEIVED_URL).port} ${pushCertificateDir}`,
      url: `${PUSH_RECEIVED_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node ../../apps/api-server/dist/main.js`,
      url: `${apiTarget}/readyz`,
      env: {
        PORT: String(API_PORT),
        CGM_DATA_DIR: dataDir,
        CGM_SEED: '1',
        CGM_ENABLE_TEST_HOOKS: '1',
        CGM_APPS: APPS.map((app) => `${app.id}@${app.port}`).join(','),
        // The apps under test are the portal origins the PDF printer may open.
        CGM_PORTAL_ORIGINS: APPS.map((app) => appUrl(app).replace(/\/$/, '')).join(','),
        // Codes are really mailed, to the test's own SMTP server; logs go to a file the log audit reads.
        CGM_SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        CGM_MAIL_FROM: 'CGM Portal <no-reply@cgm-portal.example>',
        CGM_LOG_FILE: join(dataDir, 'server.log'),
        // Uploads stop when the test that made them ends: a no-data alarm 20 minutes later would
        // ring through unrelated tests (the engine's unit tests cover no-data).
        CGM_NO_DATA_MINUTES: '600',
        // Web Push goes to the test's own push service on loopback, over https it trusts.
        NODE_EXTRA_CA_CERTS: pushCertificate,
        CGM_PUSH_SERVICE_HOSTS: '127.0.0.1',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
