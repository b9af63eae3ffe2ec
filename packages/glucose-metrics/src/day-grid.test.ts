import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { agpProfile } from './agp.js';
import { buildDayGrid, gridIntervalMinutes, interpolateAt } from './day-grid.js';
import { toSeries } from './series.js';
import { wallClockTime } from './zone.js';
import { modd } from './modd.js';
import { summarize } from './summarize.js';
import { syntheticTrace } from './test-support/synthetic-trace.js';

const MIN = 60_000;
const series = (t: number[], g: number[]) => ({ time: Float64Array.from(t), mgdl: Float64Array.from(g) });

describe('grid step (iglu dt0)', () => {
  it('rounds the median spacing half to even and makes it divide the day', () => {
    const at = (minutes: number[]) => {
      let t = 0;
      return gridIntervalMinutes(series([0, ...minutes.map((m) => (t += m * MIN))], new Array(minutes.length + 1).fill(100)));
    };
    expect(at([5, 5, 5])).toBe(5);
    expect(at([5.4, 5.4])).toBe(5);
    expect(at([2.5, 2.5])).toBe(2); // half to even, 1440 % 2 = 0
    expect(at([7, 7])).toBe(5); // 7 → nearest multiple of 5
    expect(at([8, 8])).toBe(8); // divides 1440: kept
    expect(at([11, 11])).toBe(10);
    expect(at([13, 13])).toBe(15); // remainder 3 > 2 rounds up
    expect(at([25, 25])).toBe(20); // > 20 and not a divisor → 20
    expect(at([30, 30])).toBe(30);
    expect(at([60, 60])).toBeNaN(); // beyond the 45-minute gap rule: iglu errors, we give null metrics
    expect(at([])).toBeNaN();
  });
});

describe('interpolation', () => {
  it('is linear with exact times, keeps reading values, and leaves > 45 min gaps and the outside empty', () => {
    const s = series([0, 10 * MIN, 60 * MIN], [100, 120, 200]);
    const v = interpolateAt(s, [-MIN, 0, 2.5 * MIN, 10 * MIN, 30 * MIN, 60 * MIN, 61 * MIN]);
    expect(Array.from(v)).toEqual([NaN, 100, 105, 120, NaN, 200, NaN]);
  });
});

describe('day alignment in a zone with DST', () => {
  // New York data from January across the March change: EST (UTC−5) at the first midnight.
  const start = DateTime.fromISO('2025-02-20T00:07:00', { zone: 'America/New_York' }).toMillis();
  const tr = syntheticTrace(30, { start, seed: 4 });

  it("'absolute' reproduces iglu: the grid of fixed 24-hour steps from the first midnight", () => {
    const fixed = modd(tr, { timeZone: 'Etc/GMT+5' });
    expect(modd(tr, { timeZone: 'America/New_York', dayAlignment: 'absolute' })).toBe(fixed);
    expect(summarize(tr, { timeZone: 'America/New_York', dayAlignment: 'absolute' }).modd).toBe(fixed);
    expect(agpProfile(tr, { timeZone: 'America/New_York', dayAlignment: 'absolute' }).bins).toEqual(
      agpProfile(tr, { timeZone: 'Etc/GMT+5' }).bins,
    );
  });

  it.each(['America/New_York', 'Australia/Lord_Howe', 'Europe/London'])(
    'the clock grid (copied from the absolute one on 24-hour days) equals interpolation at every clock slot, %s',
    (zone) => {
      const r = syntheticTrace(400, { seed: 8, start: Date.UTC(2024, 11, 30, 3, 1) });
      const s = toSeries(r);
      for (const dt0 of [5, 15]) {
        const g = buildDayGrid(s, zone, dt0)!;
        const times = new Float64Array(g.rows * g.slotsPerDay);
        for (let d = 0; d < g.rows; d++) {
          for (let k = 0; k < g.slotsPerDay; k++) times[d * g.slotsPerDay + k] = wallClockTime(g.days, d, (k + 1) * dt0);
        }
        const want = interpolateAt(s, times);
        expect(Array.from(g.wall)).toEqual(Array.from(want));
      }
    },
  );

  it("'clock' (default) compares the same clock times after the change, so it differs", () => {
    const clock = modd(tr, { timeZone: 'America/New_York' })!;
    const fixed = modd(tr, { timeZone: 'Etc/GMT+5' })!;
    expect(clock).not.toBe(fixed);
    // CONGA and MAGE use real-time spacing either way.
    const a = summarize(tr, { timeZone: 'America/New_York' });
    const b = summarize(tr, { timeZone: 'Etc/GMT+5' });
    expect(a.conga).toBe(b.conga);
    expect(a.mage).toBe(b.mage);
  });
});
