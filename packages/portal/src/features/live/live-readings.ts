import type { LiveReadingEvent, LoadReadingsResult, Reading } from '@cgm-portal/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { GLUCOSE_KEY } from '../glucose/glucose-queries';
import { FOLLOWERS_KEY } from '../followers/queries';

/** The readings with one more, kept ascending by time; the same time is replaced, not doubled. */
export function withReading(readings: readonly Reading[], reading: Reading): Reading[] {
  const next = readings.filter((r) => r.time !== reading.time);
  let i = next.length;
  while (i > 0 && next[i - 1]!.time > reading.time) i--;
  next.splice(i, 0, reading);
  return next;
}

const isReadingsOf = (data: unknown, memberId: number): data is LoadReadingsResult =>
  typeof data === 'object' && data !== null && (data as LoadReadingsResult).memberId === memberId && Array.isArray((data as LoadReadingsResult).readings);

/**
 * Puts a live reading into every cached readings answer of that member that covers its time:
 * the member's own spans (their key ends with from and to) and a follower's rolling window of
 * the member (always the newest part). Screens re-render from the cache: no request, no reload.
 */
export function applyLiveReading(queryClient: QueryClient, live: Pick<LiveReadingEvent, 'memberId' | 'time' | 'value'>): void {
  const reading: Reading = { time: live.time, mgdl: live.value };
  for (const query of queryClient.getQueryCache().findAll({ queryKey: GLUCOSE_KEY })) {
    const [, kind, from, to] = query.queryKey as unknown[];
    if (kind !== 'readings' || typeof from !== 'number' || typeof to !== 'number' || live.time < from || live.time >= to) continue;
    const data = query.state.data;
    if (isReadingsOf(data, live.memberId)) queryClient.setQueryData(query.queryKey, { ...data, readings: withReading(data.readings, reading) });
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...FOLLOWERS_KEY, 'member', live.memberId] })) {
    const data = query.state.data;
    if (query.queryKey[3] === 'readings' && isReadingsOf(data, live.memberId)) {
      queryClient.setQueryData(query.queryKey, { ...data, readings: withReading(data.readings, reading) });
    }
  }
}
