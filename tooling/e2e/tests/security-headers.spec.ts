import { expect, test } from '@playwright/test';
import { API_URL, APPS, appUrl } from '../apps';

/**
 * The Content-Security-Policy is on, stops an injected inline script, and reports it to the
 * server: so the log audit's "no violation in the whole run" (log-audit.spec.ts) means something.
 */
test('the CSP is sent, blocks an injected inline script, and the violation reaches the server', async ({ page }) => {
  const response = await page.goto(appUrl(APPS[0], '/login'));
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await page.locator('input[name=email]').waitFor();
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve({ ran: 'cspProbeRan' in window, directive: e.effectiveDirective }), { once: true });
        const script = document.createElement('script');
        script.textContent = '/* csp-probe */ window.cspProbeRan = true;';
        document.body.append(script);
      }),
  );
  expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
  await expect
    .poll(async () => {
      const { rows } = (await (await fetch(`${API_URL}/api/test/cspViolations`)).json()) as { rows: { sample: string }[] };
      return rows.some((r) => r.sample.includes('csp-probe'));
    })
    .toBe(true);
});
