/**
 * Bad input throws one clear error naming the function, the field and the first bad index
 * (issue 17 §4); before, each of these gave `count: 0` and nulls, or a silently wrong result.
 */
import { describe, expect, it } from 'vitest';
import { episodes, mage, modd, summarize, type Reading } from './index.js';

const T0 = Date.UTC(2025, 2, 1);
const MIN = 60_000;
const good = (n = 6): Reading[] => Array.from({ length: n }, (_, i) => ({ time: T0 + i * 5 * MIN, mgdl: 100 + i }));
const UTC = { timeZone: 'UTC' };
/** Readings with entry `i` replaced (typed loosely: these are what a JavaScript caller could pass). */
const withBad = (i: number, bad: Record<string, unknown>): unknown[] => good().map((r, k) => (k === i ? { ...r, ...bad } : r));
const call = (readings: unknown, options: unknown = UTC) => () => summarize(readings as Reading[], options as { timeZone: string });

describe('bad readings', () => {
  it('a glucose value given as a string names the field and index', () => {
    expect(call(withBad(3, { mgdl: '120' }))).toThrow(new TypeError('summarize: readings[3].mgdl is the string "120"; glucose must be a number (mg/dL), e.g. Number(value)'));
  });

  it('a NaN glucose is refused, not dropped', () => {
    expect(call(withBad(2, { mgdl: Number.NaN }))).toThrow(RangeError);
    expect(call(withBad(2, { mgdl: Number.NaN }))).toThrow('readings[2].mgdl is NaN');
  });

  it('a negative glucose is refused', () => {
    expect(call(withBad(4, { mgdl: -5 }))).toThrow(new RangeError('summarize: readings[4].mgdl is -5; glucose must be positive (mg/dL)'));
  });

  it('times in epoch seconds are recognised as seconds', () => {
    const seconds = good().map((r) => ({ ...r, time: r.time / 1000 }));
    expect(call(seconds)).toThrow(RangeError);
    expect(call(seconds)).toThrow(`summarize: readings[0].time is ${T0 / 1000}, which looks like epoch seconds; times must be epoch milliseconds (multiply by 1000)`);
  });

  it('ISO strings are told apart from epoch ms', () => {
    expect(call(withBad(1, { time: '2025-03-01T00:05:00Z' }))).toThrow(
      new TypeError('summarize: readings[1].time is the string "2025-03-01T00:05:00Z"; pass epoch milliseconds (Date.parse("2025-03-01T00:05:00Z") gives them)'),
    );
  });

  it('Date objects are told apart from epoch ms', () => {
    expect(call(withBad(5, { time: new Date(T0) }))).toThrow(new TypeError('summarize: readings[5].time is a Date object; pass epoch milliseconds (date.getTime())'));
  });

  it('epoch microseconds are recognised too', () => {
    expect(call(withBad(0, { time: T0 * 1000 }))).toThrow('looks like epoch microseconds');
  });

  it('a wrong key names the keys the reading has', () => {
    const wrong = good().map((r) => ({ time: r.time, glucose: r.mgdl }));
    expect(call(wrong)).toThrow(new TypeError('summarize: readings[0] has no "mgdl" key (it has time, glucose); expected { time, mgdl }'));
    const mmol = good().map((r) => ({ time: r.time, mmol: r.mgdl / 18 }));
    expect(call(mmol)).toThrow("for mmol/L readings pass { unit: 'mmol/L' }");
  });

  it('columns: the first bad index of the named column', () => {
    expect(call({ time: [T0, T0 + 5 * MIN, '2025'], mgdl: [1, 2, 3] })).toThrow('time[2] is the string "2025"');
    expect(call({ time: [T0, T0 + 5 * MIN], mgdl: new Float64Array([100, Number.NaN]) })).toThrow('mgdl[1] is NaN');
  });

  it('the same checks guard every function, under its own name', () => {
    expect(() => modd(withBad(1, { mgdl: '1' }) as Reading[], UTC)).toThrow(/^modd: readings\[1\]\.mgdl/);
    expect(() => episodes(withBad(0, { time: null }) as Reading[], UTC)).toThrow(/^episodes: readings\[0\]\.time is null/);
  });
});

describe('bad options', () => {
  it("an unknown MAGE direction ('bogus') is refused", () => {
    expect(call(good(), { timeZone: 'UTC', mageDirection: 'bogus' })).toThrow(
      new RangeError("summarize: options.mageDirection must be one of 'avg', 'service', 'max', 'plus', 'minus', got \"bogus\""),
    );
    expect(() => mage(good(), { timeZone: 'UTC', direction: 'bogus' as 'avg' })).toThrow(RangeError);
  });

  it('a MODD lag of 0 days is refused', () => {
    expect(call(good(), { timeZone: 'UTC', moddLagDays: 0 })).toThrow(new RangeError('summarize: options.moddLagDays must be a positive number, got 0'));
    expect(call(good(), { timeZone: 'UTC', moddLagDays: 1.5 })).toThrow('must be a whole number');
  });

  it('a missing options object is refused: days are never cut in a zone chosen by accident', () => {
    const noOptions = () => (summarize as unknown as (r: Reading[]) => unknown)(good());
    expect(noOptions).toThrow(TypeError);
    expect(noOptions).toThrow("summarize: an options object with timeZone is required, e.g. { timeZone: 'Europe/Paris' }; got undefined");
    expect(call(good(), {})).toThrow('summarize: options.timeZone is required');
  });

  it('a misspelt option is refused rather than ignored', () => {
    expect(call(good(), { timezone: 'Europe/Paris' })).toThrow(TypeError);
    expect(call(good(), { timezone: 'Europe/Paris' })).toThrow('summarize: unknown option "timezone"; it takes timeZone, unit, ranges');
  });

  it('an unknown zone is a RangeError', () => {
    expect(call(good(), { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('units and the sensor span', () => {
  it('mmol/L readings are accepted only when the unit says so, and give the mg/dL results', () => {
    const mmol = good().map((r) => ({ time: r.time, mmol: r.mgdl / 18 }));
    const a = summarize(mmol, { timeZone: 'UTC', unit: 'mmol/L' });
    const b = summarize(good(), UTC);
    expect(a.mean).toBeCloseTo(b.mean!, 10);
    expect(a.tir).toBe(b.tir);
    // Values that look like mmol/L in the mg/dL default are not guessed into mmol/L.
    const small = good().map((r) => ({ time: r.time, mgdl: r.mgdl / 18 }));
    expect(summarize(small, UTC).tbr).toBe(100);
    expect(() => summarize(good(), { timeZone: 'UTC', unit: 'mmol' as 'mmol/L' })).toThrow(RangeError);
  });

  it('values outside 40–400 are counted, and clamped when asked', () => {
    const r = [...good(), { time: T0 + 60 * MIN, mgdl: 20 }, { time: T0 + 65 * MIN, mgdl: 450 }];
    expect(summarize(r, UTC).outsideSensorSpan).toBe(2);
    expect(summarize(r, UTC).max).toBe(450);
    const clamped = summarize(r, { timeZone: 'UTC', clampToSensorSpan: true });
    expect(clamped.outsideSensorSpan).toBe(2);
    expect([clamped.min, clamped.max]).toEqual([40, 400]);
  });
});
