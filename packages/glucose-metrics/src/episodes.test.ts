/**
 * Glycaemic episodes on hand-made traces (issue 17 §2): the consensus 15-minute start and end
 * rules, gaps, levels and the extended kind. Readings sit on the grid's instants, so the grid
 * values are the readings themselves.
 */
import { describe, expect, it } from 'vitest';
import { episodes, summarize, type Reading } from './index.js';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 2);
const UTC = { timeZone: 'UTC' };

/** A trace from runs of [minutes, mg/dL], one reading every `step` minutes from T0. */
function trace(runs: [number, number][], step = 1): Reading[] {
  const out: Reading[] = [];
  let t = T0;
  for (const [minutes, mgdl] of runs) {
    for (let m = 0; m < minutes; m += step) {
      out.push({ time: t, mgdl });
      t += step * MIN;
    }
  }
  return out;
}

describe('the 15-minute start rule (1-minute sensor)', () => {
  it('a 14-minute dip below 70 is no event', () => {
    const e = episodes(trace([[120, 100], [14, 60], [120, 100]]), UTC);
    expect(e.hypoLevel1.count).toBe(0);
    expect(e.hypoLevel1.meanGlucose).toBeNull();
  });

  it('a 15-minute dip is one event, with its start, end, duration and nadir', () => {
    const e = episodes(trace([[120, 100], [7, 62], [1, 58], [7, 63], [120, 100]]), UTC);
    expect(e.hypoLevel1.count).toBe(1);
    expect(e.hypoLevel1.events).toEqual([{ start: T0 + 120 * MIN, end: T0 + 135 * MIN, durationMinutes: 15, nadirOrPeak: 58 }]);
    expect(e.hypoLevel1.meanDurationMinutes).toBe(15);
    expect(e.hypoLevel1.meanGlucose).toBeCloseTo((7 * 62 + 58 + 7 * 63) / 15, 12);
    // 255 readings from 00:00; the grid's slots 00:01 … 04:14 hold 254 values: 254/1440 days.
    expect(e.hypoLevel1.perDay).toBeCloseTo(1 / (254 / 1440), 12);
  });
});

describe('the 15-minute end rule', () => {
  it('an excursion back above 70 shorter than 15 minutes does not end the event', () => {
    const e = episodes(trace([[60, 100], [20, 60], [14, 100], [20, 60], [60, 100]]), UTC);
    expect(e.hypoLevel1.count).toBe(1);
    expect(e.hypoLevel1.events[0]!.durationMinutes).toBe(54);
  });

  it('15 minutes back above 70 ends it: two events', () => {
    const e = episodes(trace([[60, 100], [20, 60], [15, 100], [20, 60], [60, 100]]), UTC);
    expect(e.hypoLevel1.count).toBe(2);
    expect(e.hypoLevel1.events.map((x) => x.durationMinutes)).toEqual([20, 20]);
  });
});

describe('gaps', () => {
  it('a gap of more than 45 minutes splits an event in two', () => {
    // 5-minute sensor: 30 min low, an hour without readings, 30 min low again.
    const before = trace([[60, 100], [30, 60]], 5);
    const after = trace([[30, 60], [60, 100]], 5).map((r) => ({ ...r, time: r.time + 150 * MIN }));
    const e = episodes([...before, ...after], UTC);
    expect(e.hypoLevel1.count).toBe(2);
    expect(e.hypoLevel1.events[0]!.end).toBeLessThanOrEqual(before.at(-1)!.time + 5 * MIN);
    expect(e.hypoLevel1.events[1]!.start).toBeGreaterThanOrEqual(after[0]!.time);
  });
});

describe('levels', () => {
  const r = trace(
    [
      [60, 100],
      [20, 60],
      [20, 45],
      [20, 60],
      [60, 100],
      [20, 65],
      [60, 100],
    ],
    5,
  );

  it('level 2 inside level 1: both counted, and the exclusive count keeps only the level-1-only event', () => {
    const e = episodes(r, UTC);
    expect(e.hypoLevel1.count).toBe(2);
    expect(e.hypoLevel2.count).toBe(1);
    expect(e.hypoLevel2.events[0]).toMatchObject({ start: T0 + 80 * MIN, durationMinutes: 20, nadirOrPeak: 45 });
    expect(e.hypoLevel1Exclusive.count).toBe(1);
    expect(e.hypoLevel1Exclusive.events[0]).toMatchObject({ start: T0 + 180 * MIN, nadirOrPeak: 65 });
  });

  it('hyper events mirror them, with the peak', () => {
    const high = trace([[60, 120], [20, 200], [20, 270], [20, 200], [60, 120], [20, 210], [60, 120]], 5);
    const e = episodes(high, UTC);
    expect(e.hyperLevel1.count).toBe(2);
    expect(e.hyperLevel2.count).toBe(1);
    expect(e.hyperLevel2.events[0]!.nadirOrPeak).toBe(270);
    expect(e.hyperLevel1Exclusive.count).toBe(1);
  });

  it('thresholds are options (a pet range)', () => {
    const e = episodes(trace([[60, 120], [30, 75], [60, 120]], 5), { timeZone: 'UTC', hypoLevel1: 80, hypoLevel2: 60 });
    expect(e.hypoLevel1.count).toBe(1);
    expect(episodes(trace([[60, 120], [30, 75], [60, 120]], 5), UTC).hypoLevel1.count).toBe(0);
  });
});

describe('extended hypoglycaemia (> 120 minutes below 70)', () => {
  it('125 minutes is extended, exactly 120 is not', () => {
    const long = episodes(trace([[60, 100], [125, 60], [60, 100]], 5), UTC);
    expect(long.hypoExtended.count).toBe(1);
    expect(long.hypoExtended.events[0]!.durationMinutes).toBe(125);
    const two = episodes(trace([[60, 100], [120, 60], [60, 100]], 5), UTC);
    expect(two.hypoLevel1.count).toBe(1);
    expect(two.hypoExtended.count).toBe(0);
  });
});

describe('summarize', () => {
  it('carries the same episodes, with its episode options', () => {
    const r = trace([[60, 120], [30, 75], [60, 120]], 5);
    expect(summarize(r, UTC).episodes).toEqual(episodes(r, UTC));
    expect(summarize(r, { timeZone: 'UTC', episodes: { hypoLevel1: 80 } }).episodes.hypoLevel1.count).toBe(1);
  });
});
