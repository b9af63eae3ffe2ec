/**
 * Agreement with iglu 4.3.0 on its own example data and on the synthetic cases
 * (../shared/reference). Tolerance 1e-6 relative, the project's bar.
 */
import { afterAll, describe, it } from 'vitest';
import { activePercent, effectiveDataRate } from './active-time.js';
import { conga } from './conga.js';
import { mage } from './mage-api.js';
import { modd } from './modd.js';
import { summarize } from './summarize.js';
import { agreement, expectRel } from './test-support/agreement.js';
import { EXAMPLE_ZONE, exampleData, type Expected, expectedValues, syntheticData } from './test-support/reference.js';
import { timeAboveRange, timeInRange } from './time-in-range.js';
import type { MageDirection, Reading } from './types.js';

const { example, synthetic } = expectedValues();
const cases: { name: string; readings: Reading[]; zone: string; expected: Expected }[] = [
  ...Object.entries(example).map(([name, expected]) => ({
    name,
    readings: exampleData().bySubject.get(name)!,
    zone: EXAMPLE_ZONE,
    expected,
  })),
  ...Object.entries(synthetic).map(([name, expected]) => ({
    name,
    readings: syntheticData().get(name)!,
    zone: 'UTC',
    expected,
  })),
];

const e = (x: Expected, k: string): number | null => {
  const v = x[k];
  if (v === undefined) throw new Error(`reference lacks ${k}`);
  return v as number | null;
};

describe.each(cases)('iglu agreement: $name', ({ name, readings, zone, expected }) => {
  const s = summarize(readings, { timeZone: zone });

  it('reading-based metrics (mean … J-index)', () => {
    expectRel(s.count, e(expected, 'n_readings'), `${name} count`);
    expectRel(s.mean, e(expected, 'mean'), `${name} mean`);
    expectRel(s.sd, e(expected, 'sd'), `${name} sd`);
    expectRel(s.cv, e(expected, 'cv'), `${name} cv`);
    expectRel(s.min, e(expected, 'q0_min'), `${name} min`);
    expectRel(s.max, e(expected, 'q100_max'), `${name} max`);
    expectRel(s.lage, e(expected, 'range_lage'), `${name} lage`);
    expectRel(s.gmi, e(expected, 'gmi'), `${name} gmi`);
    expectRel(s.eA1c, e(expected, 'ea1c'), `${name} eA1c`);
    expectRel(s.jIndex, e(expected, 'j_index'), `${name} jIndex`);
  });

  it('time in ranges and GRI', () => {
    expectRel(s.tir, e(expected, 'in_range_70_180'), `${name} tir`);
    expectRel(s.tar, e(expected, 'above_180'), `${name} tar`);
    expectRel(s.tarVeryHigh, e(expected, 'above_250'), `${name} tarVeryHigh`);
    expectRel(s.tbr, e(expected, 'below_70'), `${name} tbr`);
    expectRel(s.tbrVeryLow, e(expected, 'below_54'), `${name} tbrVeryLow`);
    expectRel(s.gri, e(expected, 'gri'), `${name} gri`);
    expectRel(timeInRange(readings, 70, 140), e(expected, 'in_range_70_140'), `${name} tight range`);
    expectRel(timeInRange(readings, 63, 140), e(expected, 'in_range_63_140'), `${name} pregnancy range`);
    expectRel(timeAboveRange(readings, 140), e(expected, 'above_140'), `${name} above 140`);
    const custom = summarize(readings, { timeZone: zone, ranges: { low: 63, high: 140 } });
    expectRel(custom.tir, e(expected, 'in_range_63_140'), `${name} custom TIR 63–140`);
    expectRel(custom.tar, e(expected, 'above_140'), `${name} custom TAR >140`);
  });

  it('active percent and effective data rate', () => {
    expectRel(s.activePercent, e(expected, 'active_percent'), `${name} activePercent`);
    expectRel(activePercent(readings), e(expected, 'active_percent'), `${name} activePercent()`);
    expectRel(s.effectiveDataRate, e(expected, 'effective_data_rate'), `${name} effectiveDataRate`);
    expectRel(effectiveDataRate(readings), e(expected, 'effective_data_rate'), `${name} effectiveDataRate()`);
  });

  it('MODD and CONGA on the 45-minute-gap grid', () => {
    expectRel(s.modd, e(expected, 'modd_lag1'), `${name} modd`);
    expectRel(modd(readings, { timeZone: zone, lagDays: 2 }), e(expected, 'modd_lag2'), `${name} modd lag 2`);
    expectRel(s.conga, e(expected, 'conga_n1'), `${name} conga (n = 1)`);
    for (const [n, col] of [
      [1, 'conga_n1'],
      [2, 'conga_n2'],
      [4, 'conga_n4'],
      [24, 'conga_n24_default'],
    ] as const) {
      expectRel(conga(readings, { timeZone: zone, hours: n }), e(expected, col), `${name} conga n=${n}`);
    }
  });

  it('MAGE, moving-average algorithm, every direction', () => {
    expectRel(s.mage, e(expected, 'mage_ma_avg'), `${name} mage`);
    for (const dir of ['avg', 'service', 'max', 'plus', 'minus'] as MageDirection[]) {
      expectRel(mage(readings, { timeZone: zone, direction: dir }), e(expected, `mage_ma_${dir}`), `${name} mage ${dir}`);
    }
  });

  it('maximum variation (raw pairs ≤ 45 min)', () => {
    expectRel(s.maxVariation?.maxRiseRate, e(expected, 'max_rise_rate_raw'), `${name} max rise`);
    expectRel(s.maxVariation?.maxFallRate, e(expected, 'max_fall_rate_raw'), `${name} max fall`);
    expectRel(s.maxVariation?.maxAbsStep, e(expected, 'max_abs_step_raw'), `${name} max step`);
  });
});

afterAll(() => {
  console.info(
    `iglu agreement: ${agreement.checked} reference values checked, worst relative error ${agreement.worst.toExponential(2)} (${agreement.worstWhat})`,
  );
});
