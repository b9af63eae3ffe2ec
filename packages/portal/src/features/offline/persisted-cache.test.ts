import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS } from '../../session/local-store';
import { MAX_AGE_MS, persistQueryCache, restoreQueryCache, shouldPersist } from './persisted-cache';

const DAY = 24 * 3_600_000;
const readings = { memberId: 1, timeZone: 'UTC', readings: [{ time: 1, mgdl: 100 }] };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

async function saveFrom(client: QueryClient, remembered: () => boolean) {
  vi.useFakeTimers();
  const stop = persistQueryCache(client, remembered);
  client.setQueryData(['glucose', 'readings', 0, DAY], readings);
  client.setQueryData(['glucose', 'readings', 0, 90 * DAY], readings);
  client.setQueryData(['report', 'agp'], { big: true });
  await vi.advanceTimersByTimeAsync(2_500);
  stop();
  vi.useRealTimers();
}

describe('the last data, kept for offline', () => {
  it('brings back what a remembered session last showed, and only that', async () => {
    await saveFrom(new QueryClient(), () => true);
    const next = new QueryClient();
    expect(restoreQueryCache(next, () => true)).toEqual(expect.any(Number));
    expect(next.getQueryData(['glucose', 'readings', 0, DAY])).toEqual(readings);
    expect(next.getQueryData(['glucose', 'readings', 0, 90 * DAY])).toBeUndefined();
    expect(next.getQueryData(['report', 'agp'])).toBeUndefined();
  });

  it('keeps nothing of a session that is not remembered, or after sign-out', async () => {
    await saveFrom(new QueryClient(), () => false);
    expect(localStorage.getItem(LOCAL_KEYS.queryCache)).toBeNull();
    await saveFrom(new QueryClient(), () => true);
    const next = new QueryClient();
    expect(restoreQueryCache(next, () => false)).toBeNull();
    expect(next.getQueryData(['glucose', 'readings', 0, DAY])).toBeUndefined();
    expect(localStorage.getItem(LOCAL_KEYS.queryCache)).toBeNull();
  });

  it('drops data too old to guide anyone', async () => {
    await saveFrom(new QueryClient(), () => true);
    expect(restoreQueryCache(new QueryClient(), () => true, localStorage, Date.now() + 2 * MAX_AGE_MS)).toBeNull();
  });

  it('persists the session, follower screens and alarms but not long report spans', () => {
    expect(shouldPersist(['session', 'userInfo'])).toBe(true);
    expect(shouldPersist(['followers', 'member', 3, 'readings', 24])).toBe(true);
    expect(shouldPersist(['alarms', 'active'])).toBe(true);
    expect(shouldPersist(['glucose', 'readings', 0, 14 * DAY])).toBe(true);
    expect(shouldPersist(['glucose', 'readings', 0, 30 * DAY])).toBe(false);
    expect(shouldPersist(['glucose', 'report', 0, DAY])).toBe(false);
  });
});
