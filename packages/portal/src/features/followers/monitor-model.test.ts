import { describe, expect, it } from 'vitest';
import { isStale, latestReading, minutesAgo, readingsToday, trendOf } from './monitor-model';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 15, 12, 0);
const series = (...values: number[]) => values.map((mgdl, i) => ({ time: T0 + i * 5 * MIN, mgdl }));

describe('trendOf', () => {
  it.each([
    [[100, 100, 100, 100], 'stable'],
    [[100, 105, 110, 115], 'risingSlowly'],
    [[100, 110, 120, 130], 'rising'],
    [[100, 115, 130, 145], 'risingQuickly'],
    [[145, 140, 135, 130], 'fallingSlowly'],
    [[160, 150, 140, 130], 'falling'],
    [[190, 170, 150, 130], 'fallingQuickly'],
  ] as const)('%j is %s', (values, trend) => {
    expect(trendOf(series(...values))).toBe(trend);
  });

  it('is unknown without a recent earlier reading', () => {
    expect(trendOf([])).toBe('unknown');
    expect(trendOf(series(120))).toBe('unknown');
    expect(trendOf([{ time: T0, mgdl: 100 }, { time: T0 + 40 * MIN, mgdl: 200 }])).toBe('unknown');
  });

  it('looks back only 15 minutes', () => {
    // An old climb followed by a flat last quarter hour is stable.
    expect(trendOf(series(60, 90, 120, 150, 150, 150, 150))).toBe('stable');
  });
});

describe('latest reading', () => {
  it('is the last one, with its age and staleness', () => {
    const readings = series(100, 110);
    const last = latestReading(readings)!;
    expect(last.mgdl).toBe(110);
    expect(minutesAgo(last, last.time + 7.5 * MIN)).toBe(7);
    expect(minutesAgo(last, last.time - MIN)).toBe(0);
    expect(isStale(last, last.time + 15 * MIN)).toBe(false);
    expect(isStale(last, last.time + 16 * MIN)).toBe(true);
    expect(latestReading([])).toBeNull();
  });
});

describe('readingsToday', () => {
  it('cuts the day at the member’s midnight, not UTC', () => {
    // 23:30 UTC on the 14th is already the 15th in Shanghai (UTC+8).
    const readings = [
      { time: Date.UTC(2026, 0, 14, 15, 30), mgdl: 90 }, // 23:30 Shanghai, the 14th
      { time: Date.UTC(2026, 0, 14, 16, 30), mgdl: 100 }, // 00:30 Shanghai, the 15th
      { time: Date.UTC(2026, 0, 15, 1, 0), mgdl: 110 },
    ];
    const now = Date.UTC(2026, 0, 15, 2, 0);
    expect(readingsToday(readings, 'Asia/Shanghai', now).map((r) => r.mgdl)).toEqual([100, 110]);
    expect(readingsToday(readings, 'UTC', now).map((r) => r.mgdl)).toEqual([110]);
  });
});
