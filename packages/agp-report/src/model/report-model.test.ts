import { syntheticReadings } from '@cgm-portal/charts';
import {
  AGP_MIN_DAYS,
  DEFAULT_RANGES,
  agpProfile,
  dailyProfiles,
  hasEnoughDataForAgp,
  summarize,
  timeInRanges,
} from '@cgm-portal/glucose-metrics';
import { describe, expect, it } from 'vitest';
import { DEMO_PERSON, DEMO_PET, DEMO_TIME_ZONE, demoPeriod, demoReportModel } from '../fixtures';
import { buildReportModel, chunk, DAYS_PER_DAILY_PAGE, periodActivePercent } from './report-model';

const timeZone = DEMO_TIME_ZONE;

describe('buildReportModel', () => {
  const days = 14;
  const { from, to } = demoPeriod(days);
  const readings = syntheticReadings({ days });
  const model = buildReportModel(readings, { timeZone, from, to, unit: 'mg/dL', subject: DEMO_PERSON, language: 'en', generatedAt: to });

  it('takes every number from glucose-metrics, unchanged', () => {
    const summary = summarize(readings, { timeZone, from, to, ranges: DEFAULT_RANGES });
    expect(model.summary).toEqual(summary);
    expect(model.metrics.meanMgdl).toBe(summary.mean);
    expect(model.metrics.sdMgdl).toBe(summary.sd);
    expect(model.metrics.cvPercent).toBe(summary.cv);
    expect(model.metrics.gmiPercent).toBe(summary.gmi);
    expect(model.metrics.gmiMmolMol).toBe(summary.gmiMmolMol);
    expect(model.metrics.eA1cPercent).toBe(summary.eA1c);
    expect(model.metrics.eA1cMmolMol).toBe(summary.eA1cMmolMol);
    expect(model.metrics.gri).toMatchObject({ value: summary.gri, hypo: summary.griHypo, hyper: summary.griHyper });
    expect(model.sufficiency.wearActivePercent).toBe(summary.activePercent);
    // Readings span the whole period, so rescaling to the period changes nothing.
    expect(model.sufficiency.activePercent).toBeCloseTo(summary.activePercent!, 9);
    expect(model.timeInRanges).toEqual(timeInRanges(readings, DEFAULT_RANGES));
    expect(model.agp).toEqual(agpProfile(readings, { timeZone }));
    const daily = dailyProfiles(readings, { timeZone, from, to, ranges: DEFAULT_RANGES });
    expect(model.days).toEqual(daily);
    expect(model.dailyStatistics.map((r) => r.meanMgdl)).toEqual(daily.map((d) => d.summary.mean));
    expect(model.dailyStatistics.map((r) => r.tirPercent)).toEqual(daily.map((d) => d.summary.tir));
    expect(model.trend.map((d) => [d.mgdl, d.lowMgdl, d.highMgdl])).toEqual(daily.map((d) => [d.summary.mean, d.summary.min, d.summary.max]));
  });

  it('describes the period and its data sufficiency', () => {
    expect(model.period).toEqual({ from, to, firstDate: '2026-03-02', lastDate: '2026-03-15', calendarDays: 14 });
    expect(model.sufficiency.daysWithData).toBe(14);
    expect(model.sufficiency.enoughForAgp).toBe(true);
    expect(model.sufficiency.minDays).toBe(AGP_MIN_DAYS);
    expect(model.direction).toBe('ltr');
  });

  it('keeps glucose in mg/dL whatever the display unit (conversion happens at display)', () => {
    const mmol = buildReportModel(readings, { timeZone, from, to, unit: 'mmol/L', subject: DEMO_PERSON, language: 'en', generatedAt: to });
    expect(mmol.metrics.meanMgdl).toBe(model.metrics.meanMgdl);
    expect(mmol.unit).toBe('mmol/L');
  });

  it('ignores readings outside [from, to)', () => {
    const wider = syntheticReadings({ days: 20 });
    const clipped = buildReportModel(wider, { timeZone, from, to, unit: 'mg/dL', subject: DEMO_PERSON, language: 'en', generatedAt: to });
    expect(clipped.summary.count).toBe(readings.length);
    expect(clipped.metrics.meanMgdl).toBe(model.metrics.meanMgdl);
  });

  it('groups the daily profiles 14 days per page', () => {
    const ninety = demoReportModel({ days: 90 });
    expect(DAYS_PER_DAILY_PAGE).toBe(14);
    expect(ninety.dailyPages.map((p) => p.length)).toEqual([14, 14, 14, 14, 14, 14, 6]);
    expect(ninety.dailyPages.flat()).toEqual(ninety.days);
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('evaluates consensus goals on the consensus ranges even with a custom target range', () => {
    const custom = buildReportModel(readings, {
      timeZone,
      from,
      to,
      unit: 'mg/dL',
      subject: DEMO_PERSON,
      language: 'en',
      ranges: { low: 80, high: 160 },
      generatedAt: to,
    });
    expect(custom.ranges).toEqual({ veryLow: 54, low: 80, high: 160, veryHigh: 250 });
    expect(custom.timeInRanges).toEqual(timeInRanges(readings, { low: 80, high: 160 }));
    expect(custom.consensusTimeInRanges).toEqual(timeInRanges(readings, DEFAULT_RANGES));
  });

  it('does not give a pet the human regressions (GMI, eA1c) or the human risk index', () => {
    const pet = demoReportModel({ subject: DEMO_PET });
    expect(pet.metrics.a1cEstimatesApply).toBe(false);
    expect(pet.metrics.humanTargetsApply).toBe(false);
    expect(pet.metrics.gmiPercent).toBeNull();
    expect(pet.metrics.gmiMmolMol).toBeNull();
    expect(pet.metrics.eA1cPercent).toBeNull();
    expect(pet.metrics.eA1cMmolMol).toBeNull();
    expect(pet.metrics.gri).toBeNull();
    // What is measured still is.
    expect(pet.metrics.meanMgdl).toBe(model.metrics.meanMgdl);
    expect(pet.timeInRanges).toEqual(model.timeInRanges);
  });

  it('counts % CGM active time over the period, not only over the days worn', () => {
    const three = demoReportModel({ days: 14, daysWithReadings: 3 });
    expect(three.sufficiency.wearActivePercent).toBeGreaterThan(95);
    // Three days of near-complete wear in a 14-day period.
    expect(three.sufficiency.activePercent).toBeCloseTo((three.sufficiency.wearActivePercent! * (3 * 288)) / (14 * 288), 0);
    expect(three.sufficiency.activePercent).toBeLessThan(22);
    expect(periodActivePercent(100, 0, 0, 5, { from: 0, to: 300_000 })).toBe(100);
    expect(periodActivePercent(null, 0, 1, 5, { from: 0, to: 1 })).toBeNull();
  });

  it('drops the AGP with fewer than 5 days of data, as hasEnoughDataForAgp says', () => {
    for (const n of [0, 1, 4, 5]) {
      const m = demoReportModel({ days: 14, daysWithReadings: n });
      const inPeriod = syntheticReadings({ days: n });
      expect(m.sufficiency.daysWithData).toBe(n);
      expect(m.sufficiency.enoughForAgp).toBe(hasEnoughDataForAgp(inPeriod, { timeZone }));
      expect(m.agp === null).toBe(n < AGP_MIN_DAYS);
      expect(m.period.calendarDays).toBe(14);
    }
  });

  it('handles a period without readings', () => {
    const empty = buildReportModel([], { timeZone, from, to, unit: 'mg/dL', subject: DEMO_PERSON, language: 'en', generatedAt: to });
    expect(empty.summary.count).toBe(0);
    expect(empty.timeInRanges).toBeNull();
    expect(empty.metrics.gri).toBeNull();
    expect(empty.agp).toBeNull();
    expect(empty.days).toHaveLength(14);
  });

  it('writes right to left for Arabic and Persian', () => {
    expect(demoReportModel({ language: 'ar' }).direction).toBe('rtl');
    expect(demoReportModel({ language: 'fa' }).direction).toBe('rtl');
    expect(demoReportModel({ language: 'zh' }).direction).toBe('ltr');
  });

  it('rejects an empty period', () => {
    expect(() => buildReportModel(readings, { timeZone, from: to, to: from, unit: 'mg/dL', subject: DEMO_PERSON, language: 'en' })).toThrow(RangeError);
  });
});

describe('glucose events (LibreView AGP: low and high events with their mean duration)', () => {
  const { from, to } = demoPeriod(7);
  const FIVE = 5 * 60_000;
  // 110 mg/dL all week, with one 30-minute dip to 90 and one 40-minute rise to 320 on day 3.
  const dipAt = from + 2 * 86_400_000 + 8 * 3_600_000;
  const riseAt = dipAt + 6 * 3_600_000;
  const readings = Array.from({ length: (to - from) / FIVE }, (_, i) => {
    const time = from + i * FIVE;
    const mgdl = time >= dipAt && time < dipAt + 30 * 60_000 ? 90 : time >= riseAt && time < riseAt + 40 * 60_000 ? 320 : 110;
    return { time, mgdl };
  });
  const model = (subject: typeof DEMO_PERSON | typeof DEMO_PET, ranges?: typeof DEFAULT_RANGES) =>
    buildReportModel(readings, { timeZone, from, to, unit: 'mg/dL', subject, language: 'en', generatedAt: to, ...(ranges ? { ranges } : {}) });

  it('people: consensus thresholds (below 70, above 180), so the dip to 90 is no event', () => {
    const m = model(DEMO_PERSON);
    expect(m.glucoseEvents).toMatchObject({ lowBelowMgdl: 70, highAboveMgdl: 180 });
    expect(m.glucoseEvents.low.count).toBe(0);
    expect(m.glucoseEvents.high.count).toBe(1);
    expect(m.glucoseEvents.high.meanDurationMinutes).toBe(40);
  });

  it("pets: the pet's own bands, so a dog's dip below 100 is a low event", () => {
    const dog = { veryLow: 54, low: 100, high: 250, veryHigh: 400 };
    const m = model(DEMO_PET, dog);
    expect(m.glucoseEvents).toMatchObject({ lowBelowMgdl: 100, highAboveMgdl: 250 });
    expect(m.glucoseEvents.low.count).toBe(1);
    expect(m.glucoseEvents.low.meanDurationMinutes).toBe(30);
    expect(m.glucoseEvents.low.events[0]!.nadirOrPeak).toBe(90);
    expect(m.glucoseEvents.high.count).toBe(1);
  });
});
