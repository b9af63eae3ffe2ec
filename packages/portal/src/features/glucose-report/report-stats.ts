import { agpProfile, dailyProfiles, hasEnoughDataForAgp, summarize, timeInRanges, timeInRangesByHour, type GlucoseRanges, type Reading } from '@cgm-portal/glucose-metrics';
import type { TimeSpan } from '../glucose/periods';

/** Everything the glucose report shows for one period, all from glucose-metrics over the same readings. */
export function reportStats(readings: readonly Reading[], options: { timeZone: string; ranges: GlucoseRanges; span: TimeSpan; now: number }) {
  const { timeZone, ranges, span } = options;
  const inSpan = readings.filter((r) => r.time >= span.from && r.time < span.to);
  const summary = summarize(inSpan, { timeZone, ranges, from: span.from, to: span.to });
  const enoughForAgp = hasEnoughDataForAgp(inSpan, { timeZone });
  const agp = agpProfile(inSpan, { timeZone });
  const sixHour = timeInRangesByHour(inSpan, { timeZone, hours: 6, ranges });
  const tir = inSpan.length ? timeInRanges(inSpan, ranges) : null;
  // Days run from the first day of the period to today, not into tomorrow.
  const days = dailyProfiles(inSpan, { timeZone, ranges, from: span.from, to: Math.min(span.to, options.now) });
  return { readings: inSpan, summary, enoughForAgp, agp, sixHour, tir, days };
}

export type ReportStats = ReturnType<typeof reportStats>;
