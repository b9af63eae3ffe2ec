import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dailyProfiles } from './daily.js';
import { timeInRangesByHour } from './time-in-range-by-hour.js';
import { splitAtGaps } from './gaps.js';
import type { Reading } from './types.js';

const MIN = 60_000;
const zone = 'America/New_York';

function trace(fromIso: string, toIso: string, value: (t: number) => number = () => 120): Reading[] {
  const a = DateTime.fromISO(fromIso, { zone }).toMillis();
  const b = DateTime.fromISO(toIso, { zone }).toMillis();
  const out: Reading[] = [];
  for (let t = a; t < b; t += 5 * MIN) out.push({ time: t, mgdl: value(t) });
  return out;
}

describe('dailyProfiles', () => {
  it('DST days are 23 and 25 hours long and hold 276 and 300 five-minute readings', () => {
    const spring = dailyProfiles(trace('2025-03-08', '2025-03-11'), { timeZone: zone });
    expect(spring.map((d) => d.date)).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(spring.map((d) => d.readings.length)).toEqual([288, 276, 288]);
    expect(spring[1]!.end - spring[1]!.start).toBe(23 * 3_600_000);
    const fall = dailyProfiles(trace('2025-11-01', '2025-11-04'), { timeZone: zone });
    expect(fall.map((d) => d.readings.length)).toEqual([288, 300, 288]);
    expect(fall[1]!.summary.count).toBe(300);
    expect(fall[1]!.summary.activePercent).toBeCloseTo(100, 9);
  });

  it('keeps empty days between readings and honours from/to', () => {
    const r = [...trace('2025-01-01T10:00', '2025-01-01T12:00'), ...trace('2025-01-04T10:00', '2025-01-04T12:00')];
    const days = dailyProfiles(r, { timeZone: zone });
    expect(days.map((d) => d.readings.length)).toEqual([24, 0, 0, 24]);
    expect(days[1]!.summary.mean).toBeNull();
    const win = dailyProfiles(r, {
      timeZone: zone,
      from: DateTime.fromISO('2025-01-02', { zone }).toMillis(),
      to: DateTime.fromISO('2025-01-06', { zone }).toMillis(),
    });
    expect(win.map((d) => d.date)).toEqual(['2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
    expect(dailyProfiles([], { timeZone: zone })).toEqual([]);
  });
});

describe('timeInRangesByHour (the 6-hour TIR statistic)', () => {
  it('cuts the local day in 00–06, 06–12, 12–18, 18–24, also on a DST day', () => {
    // Low at night (local 00–06), high in the evening (18–24), in range otherwise.
    const value = (t: number): number => {
      const h = DateTime.fromMillis(t, { zone }).hour;
      return h < 6 ? 60 : h >= 18 ? 200 : 120;
    };
    const blocks = timeInRangesByHour(trace('2025-03-08', '2025-03-11', value), { timeZone: zone, hours: 6 });
    expect(blocks.map((b) => [b.startHour, b.endHour])).toEqual([
      [0, 6],
      [6, 12],
      [12, 18],
      [18, 24],
    ]);
    expect(blocks[0]).toMatchObject({ low: 100, target: 0, count: 72 * 3 - 12 });
    expect(blocks[1]!.target).toBe(100);
    expect(blocks[2]!.target).toBe(100);
    expect(blocks[3]!.high).toBe(100);
    for (const b of blocks) expect(b.veryLow + b.low + b.target + b.high + b.veryHigh).toBeCloseTo(100, 10);
  });

  it('reports zeros for blocks without readings and rejects hours that do not divide 24', () => {
    const b = timeInRangesByHour(trace('2025-01-01T08:00', '2025-01-01T09:00'), { timeZone: zone });
    expect(b[0]).toMatchObject({ count: 0, target: 0 });
    expect(b[1]).toMatchObject({ count: 12, target: 100 });
    expect(() => timeInRangesByHour([], { timeZone: zone, hours: 5 })).toThrow(RangeError);
  });
});

describe('splitAtGaps', () => {
  it('sorts, then breaks runs where readings are more than maxGap apart', () => {
    const r: (Reading & { tag: string })[] = [
      { time: 30 * MIN, mgdl: 3, tag: 'c' },
      { time: 0, mgdl: 1, tag: 'a' },
      { time: 5 * MIN, mgdl: 2, tag: 'b' },
      { time: 80 * MIN, mgdl: 4, tag: 'd' },
      { time: 85 * MIN, mgdl: Number.NaN, tag: 'x' },
    ];
    const runs = splitAtGaps(r, 20 * MIN) as (Reading & { tag: string })[][];
    expect(runs.map((x) => x.map((y) => y.tag).join(''))).toEqual(['ab', 'c', 'd']);
    expect(runs[0]![0]).toBe(r[1]); // same objects, extra fields kept
    expect(splitAtGaps({ time: [0, 60 * MIN], mgdl: [1, 2] }, 45 * MIN)).toHaveLength(2);
    expect(splitAtGaps([], 1)).toEqual([]);
  });
});
