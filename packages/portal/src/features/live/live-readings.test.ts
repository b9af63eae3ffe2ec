import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveReading, withReading } from './live-readings';

const HOUR = 3_600_000;

describe('withReading', () => {
  it('keeps readings ascending and never doubles a time', () => {
    const base = [
      { time: 1, mgdl: 100 },
      { time: 3, mgdl: 110 },
    ];
    expect(withReading(base, { time: 4, mgdl: 120 }).map((r) => r.time)).toEqual([1, 3, 4]);
    expect(withReading(base, { time: 2, mgdl: 105 }).map((r) => r.time)).toEqual([1, 2, 3]);
    expect(withReading(base, { time: 3, mgdl: 99 })).toEqual([{ time: 1, mgdl: 100 }, { time: 3, mgdl: 99 }]);
  });
});

describe('applyLiveReading', () => {
  it('reaches the member own spans that cover the time and the follower window, of that member only', () => {
    const client = new QueryClient();
    const own = (memberId: number) => ({ memberId, timeZone: 'UTC', readings: [{ time: 10 * HOUR, mgdl: 100 }] });
    client.setQueryData(['glucose', 'readings', 0, 24 * HOUR], own(1));
    client.setQueryData(['glucose', 'readings', 0, 11 * HOUR], own(1));
    client.setQueryData(['followers', 'member', 1, 'readings', 24], own(1));
    client.setQueryData(['followers', 'member', 1, 'info'], { memberName: 'Alex' });
    client.setQueryData(['followers', 'member', 2, 'readings', 24], own(2));

    applyLiveReading(client, { memberId: 1, time: 12 * HOUR, value: 54 });

    const times = (key: unknown[]) => (client.getQueryData(key) as ReturnType<typeof own>).readings.map((r) => r.mgdl);
    expect(times(['glucose', 'readings', 0, 24 * HOUR])).toEqual([100, 54]);
    expect(times(['glucose', 'readings', 0, 11 * HOUR])).toEqual([100]);
    expect(times(['followers', 'member', 1, 'readings', 24])).toEqual([100, 54]);
    expect(times(['followers', 'member', 2, 'readings', 24])).toEqual([100]);
    expect(client.getQueryData(['followers', 'member', 1, 'info'])).toEqual({ memberName: 'Alex' });
  });
});
