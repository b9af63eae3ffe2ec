import { describe, expect, it } from 'vitest';
import { latestGlucose, STALE_AFTER_MINUTES, trendArrow, trendOf } from './latest-glucose';

const MIN = 60_000;
const t0 = Date.UTC(2026, 0, 1, 8);
const series = (values: number[]) => values.map((mgdl, i) => ({ time: t0 + i * 5 * MIN, mgdl }));

describe('latestGlucose', () => {
  it('is null without readings', () => {
    expect(latestGlucose([], t0)).toBeNull();
  });
  it('gives the age in minutes and a trend over the last 15 minutes', () => {
    const readings = series([100, 100, 100, 130]); // +30 over 15 min = 2 mg/dL/min
    const latest = latestGlucose(readings, t0 + 20 * MIN)!;
    expect(latest.reading.mgdl).toBe(130);
    expect(latest.minutesAgo).toBe(5);
    expect(latest.stale).toBe(false);
    expect(latest.ratePerMinute).toBe(2);
    expect(latest.trend).toBe('risingSlowly');
  });
  it('is stale after 15 minutes, and a stale value has no trend', () => {
    const latest = latestGlucose(series([100, 90, 80]), t0 + 10 * MIN + 16 * MIN)!;
    expect(latest.stale).toBe(true);
    expect(latest.trend).toBe('unknown');
  });
  it('calls a value stale on the same whole minutes its age is written in', () => {
    const last = t0 + 10 * MIN;
    const at = (ms: number) => latestGlucose(series([100, 100, 100]), last + ms)!;
    // "15 minutes ago" is still current; "16 minutes ago" is not, with no trend.
    expect(at(15 * MIN + 59_000)).toMatchObject({ minutesAgo: 15, stale: false, trend: 'stable' });
    expect(at(16 * MIN)).toMatchObject({ minutesAgo: 16, stale: true, trend: 'unknown' });
    expect(STALE_AFTER_MINUTES).toBe(15);
  });
  it('looks back only 15 minutes', () => {
    // An old climb followed by a flat last quarter hour is stable.
    expect(latestGlucose(series([60, 90, 120, 150, 150, 150, 150]), t0 + 31 * MIN)!.trend).toBe('stable');
  });
  it('does not bridge a gap', () => {
    const readings = [{ time: t0, mgdl: 100 }, { time: t0 + 60 * MIN, mgdl: 200 }];
    expect(latestGlucose(readings, t0 + 61 * MIN)!.trend).toBe('unknown');
  });
});

describe('trendOf', () => {
  it('uses the 1, 2, 3 mg/dL/min steps', () => {
    expect([3.5, 2.5, 1.5, 0, -1.5, -2.5, -3.5].map(trendOf)).toEqual([
      'risingQuickly', 'rising', 'risingSlowly', 'stable', 'fallingSlowly', 'falling', 'fallingQuickly',
    ]);
  });
});

describe('trendArrow', () => {
  it('draws no arrow, and no question mark, for an unknown trend', () => {
    expect(trendArrow('unknown')).toBeNull();
    expect(trendArrow('stable')).toBe('→');
    expect(trendArrow('fallingQuickly')).toBe('⇊');
  });
});
