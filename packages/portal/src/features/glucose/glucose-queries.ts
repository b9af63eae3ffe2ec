import type { ApiClient } from '@cgm-portal/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TimeSpan } from './periods';

/** Every glucose query key starts here, so a settings change or sign-out can reach them all. */
export const GLUCOSE_KEY = ['glucose'] as const;

/** The own readings of one span: one cached query per span, shared by every screen that shows it. */
export const readingsQuery = (api: ApiClient, span: TimeSpan) =>
  queryOptions({
    queryKey: [...GLUCOSE_KEY, 'readings', span.from, span.to],
    queryFn: ({ signal }) => api.loadPackedReadings({ from: span.from, to: span.to }, { signal }),
    // Long spans are large (a year is ~100k readings to parse and validate): a period seen in
    // the last five minutes is shown from the cache without asking again. Past days do not
    // change; the home screen asks every minute through its own refetchInterval.
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });

/** How often an open home screen asks for new readings. */
export const HOME_REFRESH_MS = 60_000;

/** The home screen's live variant: refreshes every minute and keeps the previous answer meanwhile (no flicker). */
export const liveReadingsQuery = (api: ApiClient, span: TimeSpan) =>
  queryOptions({
    ...readingsQuery(api, span),
    refetchInterval: HOME_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const sessionsQuery = (api: ApiClient, page = 1, rows = 20) =>
  queryOptions({
    queryKey: [...GLUCOSE_KEY, 'sessions', page, rows],
    queryFn: ({ signal }) => api.loadSessions({ page, rows }, { signal }),
    placeholderData: keepPreviousData,
  });

export const devicesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...GLUCOSE_KEY, 'devices'],
    queryFn: ({ signal }) => api.getDeviceList({ page: 1, rows: 100 }, { signal }),
  });

export const eventsQuery = (api: ApiClient, filter: { page: number; rows: number; eventType?: string; from?: number; to?: number }) =>
  queryOptions({
    queryKey: [...GLUCOSE_KEY, 'events', filter],
    queryFn: ({ signal }) =>
      api.loadEvents(
        { page: filter.page, rows: filter.rows, eventType: filter.eventType as never, from: filter.from, to: filter.to },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
