import { DEFAULT_RANGES, summarize } from '@cgm-portal/glucose-metrics';
import { describe, expect, it } from 'vitest';
import { rangeCounts } from '../glucose/summary-metrics';
import { cachedReportStats, reportStats } from './report-stats';

const zone = 'Europe/London';
const start = Date.UTC(2026, 0, 1);
const FIVE = 5 * 60_000;
const readings = (days: number) =>
  Array.from({ length: days * 288 }, (_, i) => ({ time: start + i * FIVE, mgdl: 60 + ((i * 7) % 200) }));

describe('reportStats', () => {
  it('equals glucose-metrics on the same readings and span', () => {
    const data = readings(10);
    const span = { from: start, to: start + 10 * 86_400_000 };
    const stats = reportStats(data, { timeZone: zone, ranges: DEFAULT_RANGES, span, now: span.to });
    expect(stats.summary).toEqual(summarize(data, { timeZone: zone, ranges: DEFAULT_RANGES, from: span.from, to: span.to }));
    expect(stats.enoughForAgp).toBe(true);
    expect(stats.sixHour).toHaveLength(4);
    expect(stats.days).toHaveLength(10);
  });
  it('computes a cached answer once per period', () => {
    const answer = { readings: readings(6) };
    const options = { timeZone: zone, ranges: DEFAULT_RANGES, span: { from: start, to: start + 6 * 86_400_000 }, now: start + 6 * 86_400_000 };
    expect(cachedReportStats(answer, options)).toBe(cachedReportStats(answer, { ...options, now: options.now + 1 }));
    expect(cachedReportStats(answer, options)).not.toBe(cachedReportStats({ readings: answer.readings }, options));
  });
  it('starts the daily charts at the first reading for "show all"', () => {
    const data = readings(3);
    const span = { from: start - 30 * 86_400_000, to: start + 3 * 86_400_000 };
    expect(reportStats(data, { timeZone: zone, ranges: DEFAULT_RANGES, span, now: span.to }).days.length).toBeGreaterThan(30);
    expect(reportStats(data, { timeZone: zone, ranges: DEFAULT_RANGES, span, now: span.to, fromFirstReading: true }).days.length).toBeLessThanOrEqual(4);
  });
  it('says when there are fewer than 5 days for an AGP', () => {
    const data = readings(3);
    const span = { from: start, to: start + 3 * 86_400_000 };
    expect(reportStats(data, { timeZone: zone, ranges: DEFAULT_RANGES, span, now: span.to }).enoughForAgp).toBe(false);
  });
  it('counts high, low and normal readings that add up', () => {
    const data = readings(2);
    const s = summarize(data, { timeZone: zone, ranges: DEFAULT_RANGES });
    const c = rangeCounts(s);
    expect(c.high + c.low + c.normal).toBe(data.length);
  });
});

describe('glucose events of the report', () => {
  // 120 mg/dL for two days with one 30-minute dip to 90 mg/dL.
  const dipAt = start + 30 * 3_600_000;
  const data = Array.from({ length: 2 * 288 }, (_, i) => {
    const time = start + i * FIVE;
    return { time, mgdl: time >= dipAt && time < dipAt + 30 * 60_000 ? 90 : 120 };
  });
  const span = { from: start, to: start + 2 * 86_400_000 };
  const dog = { veryLow: 54, low: 100, high: 250, veryHigh: 400 };

  it('people: the consensus thresholds, so a dip to 90 is no low event', () => {
    const stats = reportStats(data, { timeZone: zone, ranges: DEFAULT_RANGES, span, now: span.to });
    expect(stats.eventThresholds).toMatchObject({ hypoLevel1: 70, hyperLevel1: 180 });
    expect(stats.summary.episodes.hypoLevel1.count).toBe(0);
  });

  it("pets: the pet's own bands, so the same dip is a low event below a dog's 100", () => {
    const stats = reportStats(data, { timeZone: zone, ranges: dog, span, now: span.to, isPet: true });
    expect(stats.eventThresholds).toMatchObject({ hypoLevel1: 100, hyperLevel1: 250 });
    expect(stats.summary.episodes.hypoLevel1.count).toBe(1);
    expect(stats.summary.episodes.hypoLevel1.meanDurationMinutes).toBe(30);
  });
});
