/** Edge cases of issue 3 §5, on summarize and the metrics it gathers. */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { GridContext } from './grid-context.js';
import {
  dailyProfiles,
  DEFAULT_RANGES,
  gri,
  maxVariation,
  meanGlucose,
  SENSOR_MAX_MGDL,
  SENSOR_MIN_MGDL,
  summarize,
  timeInRanges,
  type Reading,
} from './index.js';
import { toSeries } from './series.js';
import { syntheticTrace } from './test-support/synthetic-trace.js';

const MIN = 60_000;
const UTC = { timeZone: 'UTC' } as const;
const T0 = Date.UTC(2025, 4, 1, 0, 0, 0);
const every5 = (values: number[], start = T0): Reading[] => values.map((mgdl, i) => ({ time: start + i * 5 * MIN, mgdl }));

describe('empty input', () => {
  it('gives count 0 and null for every metric, never NaN', () => {
    const s = summarize([], UTC);
    expect(s.count).toBe(0);
    for (const [k, v] of Object.entries(s)) {
      if (k === 'count' || k === 'calibrationCount' || k === 'outsideSensorSpan') expect(v).toBe(0);
      else if (k === 'sdMeasures' || k === 'cvMeasures') expect(Object.values(v as object).every((x) => x === null), k).toBe(true);
      else if (k === 'episodes') {
        for (const kind of Object.values(s.episodes)) {
          expect(kind).toEqual({ count: 0, perDay: null, meanDurationMinutes: 0, meanGlucose: null, events: [] });
        }
      } else expect(v, k).toBeNull();
    }
    expect(timeInRanges([], DEFAULT_RANGES)).toEqual({ veryLow: 0, low: 0, target: 0, high: 0, veryHigh: 0 });
  });

  it('a window that excludes everything is empty too', () => {
    const s = summarize(every5([100, 110]), { timeZone: 'UTC', from: T0 + 60 * MIN });
    expect(s.count).toBe(0);
    expect(s.mean).toBeNull();
  });
});

describe('a single reading', () => {
  it('has a mean and ranges but no SD, CV, variability or data-rate figures (iglu gives NA)', () => {
    const s = summarize([{ time: T0, mgdl: 150 }], UTC);
    expect(s).toMatchObject({ count: 1, mean: 150, min: 150, max: 150, lage: 0, tir: 100, tar: 0, tbr: 0 });
    expect(s.gmi).toBeCloseTo(3.31 + 0.02392 * 150, 12);
    for (const k of ['sd', 'cv', 'jIndex', 'mage', 'modd', 'conga', 'activePercent', 'effectiveDataRate', 'maxVariation'] as const) {
      expect(s[k], k).toBeNull();
    }
  });
});

describe('out-of-order input', () => {
  it('gives exactly the same summary as the sorted input', () => {
    const tr = syntheticTrace(20, { seed: 3 });
    const sorted: Reading[] = Array.from(tr.time, (t, i) => ({ time: t, mgdl: tr.mgdl[i]! }));
    const shuffled = [...sorted];
    let seed = 11;
    for (let i = shuffled.length - 1; i > 0; i--) {
      seed = (seed * 16807) % 2147483647;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const a = summarize(sorted, { timeZone: 'Europe/Paris' });
    const b = summarize(shuffled, { timeZone: 'Europe/Paris' });
    // Sums in another order may differ in the last bit; nothing else may.
    for (const k of Object.keys(a) as (keyof typeof a)[]) {
      if (typeof a[k] === 'number') expect(b[k] as number, k).toBeCloseTo(a[k] as number, 9);
      else expect(b[k], k).toEqual(a[k]);
    }
  });
});

describe('duplicate timestamps', () => {
  const base = every5([100, 110, 120, 130]);
  const withDup = [...base, { time: base[1]!.time, mgdl: 50 }];

  it('reading-based metrics keep every row, as iglu', () => {
    expect(meanGlucose(withDup)).toBe((100 + 110 + 120 + 130 + 50) / 5);
    expect(summarize(withDup, UTC).count).toBe(5);
  });

  it('GRI averages readings that share a timestamp (iglu check_data_time)', () => {
    // 110 and 50 at the same time → one reading of 80: no time below 54 or 70.
    expect(gri(withDup)!.gri).toBe(0);
  });

  it('the grid keeps the last of them (iglu CGMS2DayByDay)', () => {
    const ctx = new GridContext(toSeries(withDup), 'UTC');
    expect(Array.from(ctx.sorted.mgdl)).toEqual([100, 50, 120, 130]);
  });

  it('effective data rate goes above 100 % when readings are duplicated', () => {
    const dup = [...base, ...base];
    expect(summarize(dup, UTC).effectiveDataRate).toBe(200);
    expect(summarize(dup, UTC).activePercent).toBe(100);
  });
});

describe('gaps longer than 45 minutes', () => {
  // 5-minute readings, then a 50-minute hole, then more.
  const before = every5([100, 102, 104, 106, 108, 110, 112, 114, 116, 118]);
  const after = every5([200, 198, 196, 194, 192, 190], before.at(-1)!.time + 50 * MIN);
  const readings = [...before, ...after];

  it('are not interpolated across on the grid', () => {
    const ctx = new GridContext(toSeries(readings), 'UTC');
    const g = ctx.grid()!;
    const lastBefore = before.at(-1)!.time;
    const start = g.days.starts[0]!;
    for (let k = 0; k < g.flat.length; k++) {
      const t = start + (k + 1) * 5 * MIN;
      if (t > lastBefore && t < after[0]!.time) expect(g.flat[k]).toBeNaN();
    }
  });

  it('a 45-minute gap is still bridged (the rule is "more than 45")', () => {
    const r = [...before, ...every5([200, 198], before.at(-1)!.time + 45 * MIN)];
    const g = new GridContext(toSeries(r), 'UTC').grid()!;
    const k = (before.at(-1)!.time + 20 * MIN - g.days.starts[0]!) / (5 * MIN) - 1;
    expect(g.flat[k]).toBeCloseTo(118 + (82 * 20) / 45, 9);
  });

  it('maximum variation ignores the jump across the gap', () => {
    const v = maxVariation(readings)!;
    expect(v.maxAbsStep).toBe(2);
    expect(v.maxRiseRate).toBeCloseTo(0.4, 12);
    expect(v.maxFallRate).toBeCloseTo(-0.4, 12);
  });

  it('active percent counts the missing readings', () => {
    // 120 minutes → 25 expected readings; the 50-minute interval misses (50 − 5)/5 = 9 of them.
    expect(summarize(readings, UTC).activePercent).toBeCloseTo((100 * 16) / 25, 9);
  });
});

describe('values outside the sensor span (LO/HI)', () => {
  const readings = every5([30, 39, 40, 100, 400, 401, 500]);

  it('are kept as given by default (iglu does not clamp) and fall in the extreme bands', () => {
    const s = summarize(readings, UTC);
    expect(s.min).toBe(30);
    expect(s.max).toBe(500);
    expect(s.tbrVeryLow).toBeCloseTo((3 / 7) * 100, 12);
    expect(s.tarVeryHigh).toBeCloseTo((3 / 7) * 100, 12);
  });

  it('clampToSensorSpan reads them as the sensor shows them, LO = 40 and HI = 400', () => {
    const s = summarize(readings, { timeZone: 'UTC', clampToSensorSpan: true });
    expect(s.min).toBe(SENSOR_MIN_MGDL);
    expect(s.max).toBe(SENSOR_MAX_MGDL);
    expect(s.mean).toBeCloseTo((40 * 3 + 100 + 400 * 3) / 7, 12);
    // The band percentages cannot change: 40 < 54 and 400 > 250.
    expect(s.tbrVeryLow).toBeCloseTo((3 / 7) * 100, 12);
    expect(s.tarVeryHigh).toBeCloseTo((3 / 7) * 100, 12);
  });
});

describe('custom target range (spec "custom TIR")', () => {
  it('moves TIR, TAR and TBR but not GRI, whose thresholds are part of its definition', () => {
    const r = every5([60, 65, 75, 130, 150, 190, 260]);
    const std = summarize(r, UTC);
    const tight = summarize(r, { timeZone: 'UTC', ranges: { low: 70, high: 140 } });
    expect(std.tir).toBeCloseTo((3 / 7) * 100, 12);
    expect(tight.tir).toBeCloseTo((2 / 7) * 100, 12);
    expect(tight.tar).toBeCloseTo((3 / 7) * 100, 12);
    expect(tight.gri).toBe(std.gri);
    expect(() => summarize(r, { timeZone: 'UTC', ranges: { low: 200 } })).toThrow(RangeError);
  });

  it('the five bands always sum to 100', () => {
    const tr = syntheticTrace(3, { seed: 9 });
    const p = timeInRanges(tr, { veryLow: 60, low: 80, high: 150, veryHigh: 200 });
    expect(p.veryLow + p.low + p.target + p.high + p.veryHigh).toBeCloseTo(100, 10);
  });
});

describe('GRI components', () => {
  it('GRI = 3·hypo + 1.6·hyper, capped at 100', () => {
    const s = summarize(syntheticTrace(14, { seed: 5 }), UTC);
    expect(s.gri).toBeCloseTo(Math.min(100, 3 * s.griHypo! + 1.6 * s.griHyper!), 10);
    const worst = summarize(every5([40, 45, 50]), UTC);
    expect(worst.gri).toBe(100);
    expect(worst.griHypo).toBe(100);
  });
});

describe('HbA1c estimates', () => {
  it('GMI and eA1c in % and mmol/mol', () => {
    const s = summarize(every5([154, 154]), UTC);
    expect(s.gmi).toBeCloseTo(3.31 + 0.02392 * 154, 12);
    expect(s.gmiMmolMol).toBeCloseTo(12.71 + 4.70587 * (154 / 18), 12);
    expect(s.eA1c).toBeCloseTo((154 + 46.7) / 28.7, 12); // ADAG: 154 mg/dL ↔ ≈ 7 %
    expect(s.eA1cMmolMol).toBeCloseTo(((154 + 46.7) / 28.7 - 2.152) / 0.09148, 12); // ≈ 53 mmol/mol
  });
});

describe('calibrations', () => {
  it('counts events in the window and divides by its days', () => {
    const r = every5(new Array(2 * 288 + 1).fill(120));
    const cal = [T0 + 3 * 3_600_000, T0 + 27 * 3_600_000, T0 - 1];
    const s = summarize(r, { timeZone: 'UTC', calibrations: cal, from: T0, to: T0 + 2 * 86_400_000 });
    expect(s.calibrationCount).toBe(2);
    expect(s.calibrationsPerDay).toBe(1);
  });
});

describe('15-minute sensors', () => {
  it('infer a 15-minute grid, or take the nominal interval', () => {
    const r = syntheticTrace(10, { intervalMinutes: 15, gaps: false });
    expect(new GridContext(toSeries(r), 'UTC').dt0).toBe(15);
    expect(summarize(r, UTC).activePercent).toBeCloseTo(100, 9);
    expect(summarize(r, { timeZone: 'UTC', intervalMinutes: 5 }).activePercent).toBeLessThan(40);
  });
});

describe('data spanning many time zones’ midnights', () => {
  const tr = syntheticTrace(21, { seed: 21 });
  const zones = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Europe/London', 'America/New_York', 'Pacific/Pago_Pago'];

  it('metrics do not depend on where midnight falls when the offset is a whole number of grid steps', () => {
    const all = zones.map((z) => summarize(tr, { timeZone: z }));
    for (const s of all) {
      expect(s.mean).toBe(all[0]!.mean);
      expect(s.tir).toBe(all[0]!.tir);
      expect(s.gri).toBe(all[0]!.gri);
      // The 5-minute grid lands on the same instants in every one of these zones, so MODD
      // pairs the same values; only the (empty) edge days differ.
      expect(s.modd!).toBeCloseTo(all[0]!.modd!, 9);
      expect(s.mage!).toBeCloseTo(all[0]!.mage!, 9);
    }
  });

  it('but the calendar days do: daily profiles split the same readings differently', () => {
    const splits = zones.map((z) => dailyProfiles(tr, { timeZone: z }).map((d) => `${d.date}:${d.readings.length}`).join());
    expect(new Set(splits).size).toBe(zones.length);
    for (const z of zones) {
      const days = dailyProfiles(tr, { timeZone: z });
      expect(days.reduce((n, d) => n + d.readings.length, 0)).toBe(tr.time.length);
      for (const d of days) {
        for (const r of d.readings) {
          expect(DateTime.fromMillis(r.time, { zone: z }).toISODate()).toBe(d.date);
        }
      }
    }
  });

  it('the same instant falls on different local dates', () => {
    const t = Date.UTC(2025, 0, 1, 11, 0);
    const kiri = DateTime.fromMillis(t, { zone: 'Pacific/Kiritimati' }).toISODate();
    const pago = DateTime.fromMillis(t, { zone: 'Pacific/Pago_Pago' }).toISODate();
    expect(kiri).toBe('2025-01-02');
    expect(pago).toBe('2025-01-01');
  });
});

describe('columnar input', () => {
  it('gives the same summary as objects', () => {
    const tr = syntheticTrace(7, { seed: 2 });
    const objs = Array.from(tr.time, (t, i) => ({ time: t, mgdl: tr.mgdl[i]! }));
    expect(summarize(tr, { timeZone: 'Asia/Tokyo' })).toEqual(summarize(objs, { timeZone: 'Asia/Tokyo' }));
    expect(() => summarize({ time: [T0, T0 + MIN], mgdl: [100] }, UTC)).toThrow(RangeError);
  });
});

describe('maximum variation signs', () => {
  it('a rising trace has no fall: maxFallRate is null, never a positive rate', () => {
    const mv = summarize(every5([100, 110, 125, 130]), UTC).maxVariation!;
    expect(mv.maxRiseRate).toBe(3);
    expect(mv.maxFallRate).toBeNull();
    const falling = summarize(every5([130, 120, 118]), UTC).maxVariation!;
    expect(falling.maxFallRate).toBe(-2);
    expect(falling.maxRiseRate).toBeNull();
  });
});

describe('hourly AUC per real day', () => {
  it('is the mean of each calendar day’s time-averaged glucose', () => {
    // Day 1 at 100, day 2 at 200 (5-minute readings), in Paris: each local day's area over its hours.
    const zone = 'Europe/Paris';
    const start = DateTime.fromISO('2025-05-01T00:00', { zone }).toMillis();
    const r: Reading[] = [];
    for (let i = 0; i < 2 * 288; i++) r.push({ time: start + i * 5 * MIN, mgdl: i < 288 ? 100 : 200 });
    const s = summarize(r, { timeZone: zone });
    // Each step belongs to the day it starts in. Day 1: the steps from 00:05 to 23:55, the last one
    // 100→200 (mean 150). Day 2: 288 steps at 200 from 00:00 up to the last reading, 23:55.
    // (iglu's recycled day labels would mix the two days' slots.)
    const day1 = (286 * 100 + 150) / 287;
    const day2 = 200;
    expect(s.aucHourly).toBeCloseTo((day1 + day2) / 2, 10);
  });
});

describe('MAG sampling interval', () => {
  it('defaults to the grid step; magMinutes samples coarser', () => {
    const r = every5([100, 110, 100, 110, 100, 110, 100, 110, 100, 110, 100, 110, 100, 110]);
    // Every 5 min: |Δ| = 10 each step → 10 mg/dL per 5 min = 120 mg/dL/h.
    expect(summarize(r, UTC).mag).toBeCloseTo(120, 10);
    // Every 10 min the values repeat: no change at all.
    expect(summarize(r, { timeZone: 'UTC', magMinutes: 10 }).mag).toBe(0);
  });
});
