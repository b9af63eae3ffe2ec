import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../routes/paths';
import { DEFAULT_TIME_ZONE } from '../../session/queries';
import { MemberAgpReport } from './member-agp-report';
import { reportPeriod } from './report-period';
import { validateAgpReportSearch } from './report-search';
import { installBrowserShims, openScreenAt } from '../../testing/portal-harness';

afterEach(cleanup);

beforeAll(installBrowserShims);

/** The AGP report under a route of the portal's id and validator, opened at `url` as a reload or a shared link would. */
async function openAgpReport(url: string) {
  const api = {
    // The report itself is not what these tests look at: it stays loading.
    loadPackedReport: vi.fn(() => new Promise<never>(() => {})),
    loadPublicLinks: vi.fn(async () => ({ rows: [], total: 0 })),
  };
  const { history } = await openScreenAt(url, { path: PATHS.agpReport, validateSearch: validateAgpReportSearch, component: MemberAgpReport }, api);
  await screen.findByRole('radio', { name: '14 days' });
  return { api, history };
}

const checked = () => screen.getAllByRole<HTMLInputElement>('radio').filter((r) => r.checked).map((r) => r.value);
const askedFor = (days: number) => expect.objectContaining(reportPeriod(days, DEFAULT_TIME_ZONE));

describe('the AGP report period in the URL', { timeout: 30_000 }, () => {
  it('opens the period of the URL', async () => {
    const { api } = await openAgpReport('/report/agp?period=days30');
    expect(checked()).toEqual(['30']);
    await waitFor(() => expect(api.loadPackedReport).toHaveBeenCalledWith(askedFor(30), expect.anything()));
    expect(api.loadPackedReport).toHaveBeenCalledTimes(1);
  });

  it('opens the standard 14 days, not an error, when the URL is malformed', async () => {
    for (const url of ['/report/agp?period=days31', '/report/agp?period=30', '/report/agp?period=%5B1%5D']) {
      const { api } = await openAgpReport(url);
      expect(checked(), url).toEqual(['14']);
      await waitFor(() => expect(api.loadPackedReport, url).toHaveBeenCalledWith(askedFor(14), expect.anything()));
      cleanup();
    }
  });

  it('writes a picked period to the URL in place, and the default one as no query', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, history } = await openAgpReport('/report/agp');
    const entries = history.length;
    await user.click(screen.getByText('90 days'));
    await waitFor(() => expect(history.location.search).toBe('?period=days90'));
    await waitFor(() => expect(checked()).toEqual(['90']));
    await waitFor(() => expect(api.loadPackedReport).toHaveBeenCalledWith(askedFor(90), expect.anything()));
    // Replaced, not pushed: Back leaves the report rather than stepping through periods.
    expect(history.length).toBe(entries);

    await user.click(screen.getByText('14 days'));
    await waitFor(() => expect(history.location.href).toBe('/report/agp'));
    await waitFor(() => expect(checked()).toEqual(['14']));
  });
});
