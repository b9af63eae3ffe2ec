import { agpProfile, dailyProfiles, hasEnoughDataForAgp, summarize, timeInRanges, timeInRangesByHour, type GlucoseRanges, type Reading } from '@cgm-portal/glucose-metrics';
import { memberEpisodeThresholds } from '../glucose/glucose-events';
import type { TimeSpan } from '../glucose/periods';

/** Everything the glucose report shows for one period, all from glucose-metrics over the same readings. */
export function reportStats(
  readings: readonly Reading[],
  /** `fromFirstReading`: daily charts start at the first day with data ("show all"), not at the span's start. */
  options: { timeZone: string; ranges: GlucoseRanges; span: TimeSpan; now: number; fromFirstReading?: boolean; isPet?: boolean },
) {
  const { timeZone, ranges, span } = options;
  const inSpan = readings.filter((r) => r.time >= span.from && r.time < span.to);
  const eventThresholds = memberEpisodeThresholds(!!options.isPet, ranges);
  const summary = summarize(inSpan, { timeZone, ranges, from: span.from, to: span.to, episodes: eventThresholds });
  const enoughForAgp = hasEnoughDataForAgp(inSpan, { timeZone });
  const agp = agpProfile(inSpan, { timeZone });
  const sixHour = timeInRangesByHour(inSpan, { timeZone, hours: 6, ranges });
  const tir = inSpan.length ? timeInRanges(inSpan, ranges) : null;
  // Days run from the first day of the period to today, not into tomorrow.
  const days = dailyProfiles(inSpan, { timeZone, ranges, ...(options.fromFirstReading ? {} : { from: span.from }), to: Math.min(span.to, options.now) });
  return { span, readings: inSpan, summary, eventThresholds, enoughForAgp, agp, sixHour, tir, days };
}

export type ReportStats = ReturnType<typeof reportStats>;

/**
 * Stats per cached readings answer: the answer object is the key (TanStack Query keeps it
 * identical while cached), so going back to a period seen before costs a render, not a
 * recomputation. Dropped with the answer when the cache lets it go.
 */
const computed = new WeakMap<object, Map<string, ReportStats>>();

export function cachedReportStats(answer: { readings: readonly Reading[] }, options: Parameters<typeof reportStats>[1]): ReportStats {
  const { ranges, span, timeZone } = options;
  // `now` only trims the empty tail of today, so it is left out of the key.
  const key = JSON.stringify([timeZone, ranges, span.from, span.to, !!options.fromFirstReading, !!options.isPet]);
  let byOptions = computed.get(answer);
  if (!byOptions) computed.set(answer, (byOptions = new Map()));
  let stats = byOptions.get(key);
  if (!stats) byOptions.set(key, (stats = reportStats(answer.readings, options)));
  return stats;
}
