import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { formatNumber } from '@cgm-portal/i18n';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../routes/paths';
import { periodSpan } from '../glucose/periods';
import { startDemoServer, type DemoServer } from '../../testing/demo-server';
import { installBrowserShims, openScreenAt } from '../../testing/portal-harness';
import { GlucoseReportScreen } from './glucose-report-screen';
import { validateGlucoseReportSearch } from './report-search';

let server: DemoServer;
beforeAll(async () => {
  installBrowserShims();
  server = await startDemoServer();
}, 60_000);
afterAll(() => server.close());
afterEach(cleanup);

// The report over the real server (its app, rules and store on SQLite in WebAssembly), not
// over stand-in answers: what the screen counts is what the database holds for the span.
describe('the glucose report over the demo server', { timeout: 60_000 }, () => {
  it("shows the demo member's readings of the period, in the member's zone and unit", async () => {
    const api = await server.signIn('demo@cgm-portal.example', 2);
    await openScreenAt('/report?period=days7', { path: PATHS.glucoseReport, validateSearch: validateGlucoseReportSearch, component: GlucoseReportScreen }, api);
    // The member's settings (Europe/London, mmol/L) come from the same server: the week is cut
    // at London's midnights once they arrive.
    const span = periodSpan({ pick: 'days7' }, Date.now(), 'Europe/London');
    const report = await screen.findByTestId('glucose-report');
    await waitFor(() => expect(report.getAttribute('data-from')).toBe(String(span.from)), { timeout: 30_000 });
    const { readings } = await api.loadReadings(span);
    expect(readings.length).toBeGreaterThan(6 * 288);
    await waitFor(() => expect(screen.getByTestId('report-range').textContent).toContain(` ${formatNumber(readings.length, 'en', { maximumFractionDigits: 0 })} readings`), { timeout: 30_000 });
    expect(within(screen.getByTestId('report-statistics')).getAllByText('mmol/L').length).toBeGreaterThan(0);
  });
});
