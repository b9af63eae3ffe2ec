import { MAX_READINGS_SPAN_MS } from '@cgm-portal/api-client';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { DEFAULT_PERIOD, PERIOD_PICKS, type Period, type PeriodPick } from '../glucose/period-picks';

/**
 * The glucose report's period lives in its URL, so a reload, Back or a shared link keeps it:
 * `/report?period=days30`, or `/report?period=custom&fromDate=2026-01-01&toDate=2026-01-14`
 * (local dates, both included). The default period has no query at all.
 *
 * The validator sets every key, `undefined` when unused: the router keeps raw query keys the
 * validator does not overwrite, and a malformed `period` must not survive into the screen.
 */
export interface GlucoseReportSearch {
  period?: PeriodPick | 'custom';
  fromDate?: string;
  toDate?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a real calendar date (yyyy-MM-dd), or null: "2026-02-30" is not one. */
function utcDay(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? null : ms;
}

/**
 * The period a query asks for; anything unknown or malformed is the default period, silently.
 * Custom ranges follow the picker's rules (from ≤ to, at most one readings call long); the
 * member's zone is not known here, so the screen checks the range in it once more.
 */
export function periodFromQuery(search: Record<string, unknown>): Period {
  const { period, fromDate, toDate } = search;
  if (period === 'custom') {
    const from = utcDay(fromDate);
    const to = utcDay(toDate);
    if (from === null || to === null || from > to || to + DAY_MS - from > MAX_READINGS_SPAN_MS) return DEFAULT_PERIOD;
    return { pick: 'custom', fromDate: fromDate as string, toDate: toDate as string };
  }
  return PERIOD_PICKS.includes(period as PeriodPick) ? { pick: period as PeriodPick } : DEFAULT_PERIOD;
}

/** The query of a period: empty for the default one. */
export function searchOfPeriod(period: Period): GlucoseReportSearch {
  if (period.pick === 'custom') return { period: 'custom', fromDate: period.fromDate, toDate: period.toDate };
  return { period: period.pick === DEFAULT_PERIOD.pick ? undefined : period.pick, fromDate: undefined, toDate: undefined };
}

/** The route's `validateSearch`: strict, and never an error page. */
export const validateGlucoseReportSearch = (search: Record<string, unknown>): GlucoseReportSearch => searchOfPeriod(periodFromQuery(search));

const reportRoute = getRouteApi('/main/report');

/** The report's period from the URL, and a setter that writes it there. */
export function useReportPeriodSearch(): [Period, (period: Period) => void] {
  const { period: pick, fromDate, toDate } = reportRoute.useSearch();
  const navigate = reportRoute.useNavigate();
  const period = useMemo(() => periodFromQuery({ period: pick, fromDate, toDate }), [pick, fromDate, toDate]);
  const setPeriod = useCallback(
    (next: Period) =>
      // Replace, not push: trying periods is one visit to the report, so Back leaves the report
      // instead of stepping through every pick; a reload or a shared link still opens the period.
      // The page stays where it is scrolled, as it did before the period was in the URL.
      void navigate({ search: searchOfPeriod(next), replace: true, resetScroll: false }),
    [navigate],
  );
  return [period, setPeriod];
}
