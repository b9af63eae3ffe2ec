import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../routes/paths';
import { DEFAULT_TIME_ZONE } from '../../session/queries';
import { customSpan, periodSpan, type Period } from '../glucose/periods';
import { GlucoseReportScreen } from './glucose-report-screen';
import { validateGlucoseReportSearch } from './report-search';
import { installBrowserShims, openScreenAt } from '../../testing/portal-harness';

afterEach(cleanup);

beforeAll(installBrowserShims);

/** The report under a route of the portal's id and validator, opened at `url` as a reload or a shared link would. */
async function openReport(url: string) {
  const api = {
    loadPackedReadings: vi.fn(async () => ({ memberId: 1, timeZone: DEFAULT_TIME_ZONE, readings: [] })),
    loadMyMemberInfo: vi.fn(async () => ({ memberInfos: [{}] })),
  };
  const { router, history } = await openScreenAt(
    url,
    { path: PATHS.glucoseReport, validateSearch: validateGlucoseReportSearch, component: GlucoseReportScreen },
    api,
  );
  const report = await screen.findByTestId('glucose-report');
  return { api, router, history, report };
}

const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);
const spanOf = (period: Period) => periodSpan(period, Date.now(), DEFAULT_TIME_ZONE);

describe('the glucose report period in the URL', { timeout: 30_000 }, () => {
  it('opens the period of the URL', async () => {
    const { api, report } = await openReport('/report?period=days30');
    expect(pressed()).toEqual(['30 days']);
    const span = spanOf({ pick: 'days30' });
    expect(report.getAttribute('data-from')).toBe(String(span.from));
    await waitFor(() => expect(api.loadPackedReadings).toHaveBeenCalledWith(span, expect.anything()));
  });

  it('opens a custom range of the URL with its dates', async () => {
    const { report } = await openReport('/report?period=custom&fromDate=2026-01-01&toDate=2026-01-14');
    expect(pressed()).toEqual(['Custom']);
    expect((document.querySelector('input[name=fromDate]') as HTMLInputElement).value).toBe('2026-01-01');
    expect((document.querySelector('input[name=toDate]') as HTMLInputElement).value).toBe('2026-01-14');
    expect(report.getAttribute('data-from')).toBe(String(customSpan('2026-01-01', '2026-01-14', DEFAULT_TIME_ZONE)!.from));
  });

  it('opens the default period, not an error, when the URL is malformed', async () => {
    for (const url of ['/report?period=days31', '/report?period=custom&fromDate=2026-01-14&toDate=2026-01-01', '/report?period=%7B%22pick%22%3A1%7D']) {
      const { report } = await openReport(url);
      expect(pressed(), url).toEqual(['14 days']);
      expect(report.getAttribute('data-from'), url).toBe(String(spanOf({ pick: 'days14' }).from));
      expect(document.querySelector('input[name=fromDate]'), url).toBeNull();
      cleanup();
    }
  });

  it('writes a picked period to the URL in place, and the default one as no query', async () => {
    const user = userEvent.setup({ delay: null });
    const { history, report } = await openReport('/report');
    const entries = history.length;
    await user.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(history.location.search).toBe('?period=days90'));
    expect(report.getAttribute('data-from')).toBe(String(spanOf({ pick: 'days90' }).from));
    expect(pressed()).toEqual(['90 days']);
    // Replaced, not pushed: Back leaves the report rather than stepping through periods.
    expect(history.length).toBe(entries);

    await user.click(screen.getByRole('button', { name: '14 days' }));
    await waitFor(() => expect(history.location.href).toBe('/report'));
    expect(pressed()).toEqual(['14 days']);
  });

  it('writes an applied custom range to the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { history } = await openReport('/report?period=days7');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    // Only an applied range is a period; the URL keeps the quick pick until then.
    expect(history.location.search).toBe('?period=days7');
    fireEvent.change(document.querySelector('input[name=fromDate]')!, { target: { value: '2026-03-01' } });
    fireEvent.change(document.querySelector('input[name=toDate]')!, { target: { value: '2026-03-10' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(history.location.search).toBe('?period=custom&fromDate=2026-03-01&toDate=2026-03-10'));
  });

  it('follows a link to the report that carries another period', async () => {
    const { router } = await openReport('/report?period=custom&fromDate=2026-01-01&toDate=2026-01-14');
    await router.navigate({ to: PATHS.glucoseReport, search: { period: 'lastYear' } });
    await waitFor(() => expect(pressed()).toEqual(['Last year']));
    expect(document.querySelector('input[name=fromDate]')).toBeNull();
    await router.navigate({ to: PATHS.glucoseReport });
    await waitFor(() => expect(pressed()).toEqual(['14 days']));
  });
});
