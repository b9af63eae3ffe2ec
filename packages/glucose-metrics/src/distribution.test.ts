/** Distribution measures: R's quantile type 7 and mad(), on whole and fractional values alike. */
import { describe, expect, it } from 'vitest';
import { glucoseDistribution, glucoseQuantile, iqrGlucose, madGlucose, medianGlucose, type Reading } from './index.js';

const T0 = Date.UTC(2025, 0, 1);
const at = (values: number[]): Reading[] => values.map((mgdl, i) => ({ time: T0 + i * 300_000, mgdl }));

describe('distribution', () => {
  it('matches R: quantile(c(1..10)*10, type 7), IQR and mad()', () => {
    // R: quantile(seq(10, 100, 10), c(.05, .25, .5, .75, .95)) = 14.5 32.5 55 77.5 95.5; mad = 37.065
    const r = at([100, 10, 20, 90, 30, 80, 40, 70, 50, 60]);
    const want = { median: 55, q5: 14.5, q25: 32.5, q75: 77.5, q95: 95.5, iqr: 45, mad: 1.4826 * 25 };
    const got = glucoseDistribution(r)!;
    for (const k of Object.keys(want) as (keyof typeof want)[]) expect(got[k], k).toBeCloseTo(want[k], 12);
    expect(medianGlucose(r)).toBe(55);
    expect(iqrGlucose(r)).toBe(45);
    expect(madGlucose(r)).toBeCloseTo(37.065, 10);
    expect(glucoseQuantile(r, 0.9)).toBeCloseTo(91, 12);
  });

  it('fractional values (mmol/L input) give the same results as the whole-value path', () => {
    const whole = at([100, 10, 20, 90, 30, 80, 40, 70, 50, 60]);
    const mmol = whole.map((x) => ({ time: x.time, mmol: x.mgdl / 18 }));
    const a = glucoseDistribution(whole)!;
    const b = glucoseDistribution(mmol, { unit: 'mmol/L' })!;
    for (const k of Object.keys(a) as (keyof typeof a)[]) expect(b[k], k).toBeCloseTo(a[k], 9);
  });

  it('is null without readings', () => {
    expect(glucoseDistribution([])).toBeNull();
    expect(medianGlucose([])).toBeNull();
  });
});
