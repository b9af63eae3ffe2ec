import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_URL, MAIL_HTTP_URL } from '../apps';
import { DEMO_PASSWORD } from '../demo';

/**
 * Runs after every other browser test (the `log-audit` project depends on `portal`): the
 * server's whole log of the run, every sign-in, upload, import, report and reset in it, holds no
 * secret and no glucose value. The server writes it to CGM_LOG_FILE (playwright.config.ts).
 */
test('the server log of the whole browser run holds no secret and no glucose value', async () => {
  const text = readFileSync(join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8');
  const lines = text.split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(20);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  // Every code mailed during the run (codes.spec.ts mails some in a whole run).
  const mails = (await (await fetch(`${MAIL_HTTP_URL}/mails`)).json()) as { text: string }[];
  const codes = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).filter((c): c is string => !!c);

  for (const { time: _time, requestId: _id, ms: _ms, ...entry } of entries) {
    const line = JSON.stringify(entry);
    expect(line).not.toContain(DEMO_PASSWORD);
    for (const code of codes) expect(line).not.toContain(code);
    // Tokens, upload secrets, JWTs and share links are long random strings.
    expect(line).not.toMatch(/[A-Za-z0-9_-]{32,}/);
    expect(line).not.toMatch(/mg\/dL|mmol|"(sgv|mgdl|glucose|carbs|units|note)"/i);
    if (entry.msg === 'request') expect(String(entry.route)).not.toContain('?');
  }
});

test('no page of the whole browser run broke the Content-Security-Policy', async () => {
  const { rows } = (await (await fetch(`${API_URL}/api/test/cspViolations`)).json()) as { rows: { directive: string; blocked: string; sample: string }[] };
  // The one the CSP test injects on purpose is marked; anything else is a real violation.
  expect(rows.filter((r) => !r.sample.includes('csp-probe'))).toEqual([]);
});
