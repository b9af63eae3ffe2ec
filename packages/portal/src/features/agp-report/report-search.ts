import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The AGP report's standard period is 14 days (Battelino et al. 2019: ≥14 days with ≥70 % CGM wear). */
export const AGP_DEFAULT_DAYS = 14;
export const AGP_PERIOD_PICKS = [7, 14, 30, 90] as const;
export type AgpPeriodDays = (typeof AGP_PERIOD_PICKS)[number];

/**
 * The AGP report's period lives in its URL, so a reload, Back or a shared link keeps it:
 * `/report/agp?period=days30`, the same words as the glucose report's quick picks. The default
 * 14 days has no query at all. The validator sets `period`, `undefined` when unused: the router
 * keeps raw query keys the validator does not overwrite.
 */
export interface AgpReportSearch {
  period?: `days${AgpPeriodDays}`;
}

/** The days a query asks for; anything unknown or malformed is the default, silently. */
export function daysFromQuery(search: Record<string, unknown>): AgpPeriodDays {
  return AGP_PERIOD_PICKS.find((d) => search.period === `days${d}`) ?? AGP_DEFAULT_DAYS;
}

/** The query of a period: empty for the default one. */
export function searchOfDays(days: AgpPeriodDays): AgpReportSearch {
  return { period: days === AGP_DEFAULT_DAYS ? undefined : `days${days}` };
}

/** The route's `validateSearch`: strict, and never an error page. */
export const validateAgpReportSearch = (search: Record<string, unknown>): AgpReportSearch => searchOfDays(daysFromQuery(search));

const agpReportRoute = getRouteApi('/main/report/agp');

/** The AGP report's period in days from the URL, and a setter that writes it there. */
export function useAgpPeriodSearch(): [AgpPeriodDays, (days: AgpPeriodDays) => void] {
  const search = agpReportRoute.useSearch();
  const navigate = agpReportRoute.useNavigate();
  const setDays = useCallback(
    (days: AgpPeriodDays) =>
      // Replace, not push: trying periods is one visit to the report, so Back leaves the report
      // instead of stepping through every pick; a reload or a shared link still opens the period.
      // The page stays where it is scrolled, as it did before the period was in the URL.
      void navigate({ search: searchOfDays(days), replace: true, resetScroll: false }),
    [navigate],
  );
  return [daysFromQuery(search), setDays];
}
