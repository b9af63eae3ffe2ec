import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { PortalServices } from '../services';
import { PATHS } from './paths';
import { createPortalRouter } from './router';

// The portal's own route tree: matching and building locations load no screen and call no API.
const router = createPortalRouter({} as PortalServices, createMemoryHistory({ initialEntries: ['/login'] }));
const leafOf = (pathname: string, search: Record<string, unknown>) => router.matchRoutes(pathname, search).at(-1)!;

describe('report periods in the URL', () => {
  it('the glucose report reads its period from the query', () => {
    expect(leafOf(PATHS.glucoseReport, { period: 'days30' })).toMatchObject({ routeId: '/main/report', search: { period: 'days30' } });
    expect(leafOf(PATHS.glucoseReport, { period: 'custom', fromDate: '2026-01-01', toDate: '2026-01-14' }).search).toEqual({
      period: 'custom',
      fromDate: '2026-01-01',
      toDate: '2026-01-14',
    });
  });

  it('the AGP report reads its period from the query', () => {
    expect(leafOf(PATHS.agpReport, { period: 'days90' })).toMatchObject({ routeId: '/main/report/agp', search: { period: 'days90' } });
  });

  it('a malformed query is the default period, without a search error', () => {
    for (const [pathname, search] of [
      [PATHS.glucoseReport, { period: 'days31', fromDate: 'x' }],
      [PATHS.glucoseReport, { period: 'custom', fromDate: '2026-01-14', toDate: '2026-01-01' }],
      [PATHS.agpReport, { period: 'lastYear' }],
    ] as const) {
      const leaf = leafOf(pathname, search);
      expect(leaf.searchError, pathname).toBeUndefined();
      expect(Object.values(leaf.search).filter((v) => v !== undefined), pathname).toEqual([]);
    }
  });

  it('links carry the period in the documented format, and the default period as no query', () => {
    expect(router.buildLocation({ to: PATHS.glucoseReport, search: { period: 'days7' } }).href).toBe('/report?period=days7');
    expect(router.buildLocation({ to: PATHS.glucoseReport, search: { period: 'custom', fromDate: '2026-01-01', toDate: '2026-01-14' } }).href).toBe(
      '/report?period=custom&fromDate=2026-01-01&toDate=2026-01-14',
    );
    expect(router.buildLocation({ to: PATHS.glucoseReport, search: {} }).href).toBe('/report');
    expect(router.buildLocation({ to: PATHS.agpReport, search: { period: 'days30' } }).href).toBe('/report/agp?period=days30');
    expect(router.buildLocation({ to: PATHS.agpReport, search: { period: undefined } }).href).toBe('/report/agp');
  });
});
