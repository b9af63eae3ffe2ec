import {
  AGP_MIN_DAYS,
  DEFAULT_RANGES,
  agpProfile,
  dailyProfiles,
  episodeThresholdsFromRanges,
  hasEnoughDataForAgp,
  summarize,
  timeInRanges,
  type DailyProfile,
  type GlucoseRanges,
  type Reading,
} from '@cgm-portal/glucose-metrics';
import { textDirection } from '@cgm-portal/i18n';
import { DateTime } from 'luxon';
import { griZoneOf } from './gri-zone';
import type { AgpReportModel, DailyStatisticsRow, ReportModelOptions, TrendDay } from './types';

/** Days per page of daily glucose profiles: two weeks, a week per row, as on the IDC AGP report v5. */
export const DAYS_PER_DAILY_PAGE = 14;

/**
 * Data sufficiency the consensus asks for: 14 days with the CGM active ≥ 70 % of the time
 * (Battelino T. et al., Diabetes Care 2019;42:1593, doi:10.2337/dci19-0028).
 */
export const RECOMMENDED_DAYS = 14;
export const RECOMMENDED_ACTIVE_PERCENT = 70;

/** Splits a list into consecutive chunks of `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function resolveRanges(ranges: Partial<GlucoseRanges> | undefined): GlucoseRanges {
  return { ...DEFAULT_RANGES, ...ranges };
}

const MINUTE_MS = 60_000;

/**
 * % CGM active time over the whole report period. glucose-metrics' `activePercent` (iglu's
 * definition) counts from the first to the last reading, so three days of wear in a 14-day period
 * read as 100 %. The IDC AGP report means the share of the period: this rescales glucose-metrics'
 * figure from its span of expected readings (round(span/dt0) + 1, iglu's count) to the period's
 * (period minutes / dt0), dt0 being the sensor interval glucose-metrics inferred for the AGP grid.
 */
export function periodActivePercent(
  wearActivePercent: number | null,
  firstReading: number | undefined,
  lastReading: number | undefined,
  intervalMinutes: number,
  period: { from: number; to: number },
): number | null {
  if (wearActivePercent === null || firstReading === undefined || lastReading === undefined || !(intervalMinutes > 0)) return null;
  const spanExpected = Math.round((lastReading - firstReading) / MINUTE_MS / intervalMinutes) + 1;
  const periodExpected = (period.to - period.from) / MINUTE_MS / intervalMinutes;
  return Math.min(100, (wearActivePercent * spanExpected) / periodExpected);
}

function dailyRow(day: DailyProfile): DailyStatisticsRow {
  const s = day.summary;
  return {
    date: day.date,
    readings: s.count,
    meanMgdl: s.mean,
    minMgdl: s.min,
    maxMgdl: s.max,
    sdMgdl: s.sd,
    cvPercent: s.cv,
    tirPercent: s.tir,
    tbrPercent: s.tbr,
    tarPercent: s.tar,
  };
}

function trendDay(day: DailyProfile): TrendDay {
  return { date: day.date, mgdl: day.summary.mean, lowMgdl: day.summary.min, highMgdl: day.summary.max };
}

/**
 * Everything the AGP report shows, for the readings in [from, to). Pure: the same input gives the
 * same model, with no React and no clock unless `generatedAt` is omitted. Every number comes from
 * @cgm-portal/glucose-metrics; this function only selects, groups and labels them.
 */
export function buildReportModel(readings: readonly Reading[], options: ReportModelOptions): AgpReportModel {
  const { timeZone, from, to, unit, subject, language } = options;
  if (!(from < to)) throw new RangeError(`buildReportModel: from (${from}) must be before to (${to})`);
  const ranges = resolveRanges(options.ranges);
  const inPeriod = readings.filter((r) => r.time >= from && r.time < to);
  const hasReadings = inPeriod.length > 0;

  // A pet's low and high events follow its own bands; people's the consensus 70/54/180/250.
  const episodeThresholds = subject.kind === 'pet' ? episodeThresholdsFromRanges(ranges) : undefined;
  const summary = summarize(inPeriod, {
    timeZone,
    ranges,
    from,
    to,
    ...(options.intervalMinutes ? { intervalMinutes: options.intervalMinutes } : {}),
    ...(episodeThresholds ? { episodes: episodeThresholds } : {}),
  });
  const days = dailyProfiles(inPeriod, {
    timeZone,
    ranges,
    from,
    to,
    ...(options.intervalMinutes ? { intervalMinutes: options.intervalMinutes } : {}),
  });
  const profile = agpProfile(inPeriod, { timeZone });
  const enoughForAgp = hasEnoughDataForAgp(inPeriod, { timeZone });

  const isPet = subject.kind === 'pet';
  const a1cEstimatesApply = !isPet;
  const humanTargetsApply = !isPet;

  const gri =
    humanTargetsApply && summary.gri !== null && summary.griHypo !== null && summary.griHyper !== null
      ? { value: summary.gri, zone: griZoneOf(summary.gri), hypo: summary.griHypo, hyper: summary.griHyper }
      : null;

  let firstReading: number | undefined;
  let lastReading: number | undefined;
  for (const r of inPeriod) {
    if (firstReading === undefined || r.time < firstReading) firstReading = r.time;
    if (lastReading === undefined || r.time > lastReading) lastReading = r.time;
  }
  const activePercent = periodActivePercent(summary.activePercent, firstReading, lastReading, options.intervalMinutes ?? profile.binMinutes, { from, to });
  const firstDate = DateTime.fromMillis(from, { zone: timeZone }).toISODate() ?? '';
  const lastDate = DateTime.fromMillis(to - 1, { zone: timeZone }).toISODate() ?? '';

  return {
    language,
    direction: textDirection(language),
    timeZone,
    unit,
    ranges,
    subject,
    device: options.device ?? null,
    generatedAt: options.generatedAt ?? Date.now(),
    goalSet: options.goalSet ?? 'standard',
    period: { from, to, firstDate, lastDate, calendarDays: days.length },
    sufficiency: {
      daysWithData: profile.days,
      activePercent,
      wearActivePercent: summary.activePercent,
      enoughForAgp,
      minDays: AGP_MIN_DAYS,
      meetsRecommendation:
        profile.days >= RECOMMENDED_DAYS && activePercent !== null && activePercent >= RECOMMENDED_ACTIVE_PERCENT,
    },
    summary,
    timeInRanges: hasReadings ? timeInRanges(inPeriod, ranges) : null,
    consensusTimeInRanges: hasReadings ? timeInRanges(inPeriod, DEFAULT_RANGES) : null,
    metrics: {
      meanMgdl: summary.mean,
      sdMgdl: summary.sd,
      cvPercent: summary.cv,
      a1cEstimatesApply,
      humanTargetsApply,
      gmiPercent: a1cEstimatesApply ? summary.gmi : null,
      gmiMmolMol: a1cEstimatesApply ? summary.gmiMmolMol : null,
      eA1cPercent: a1cEstimatesApply ? summary.eA1c : null,
      eA1cMmolMol: a1cEstimatesApply ? summary.eA1cMmolMol : null,
      gri,
    },
    glucoseEvents: {
      lowBelowMgdl: episodeThresholds?.hypoLevel1 ?? DEFAULT_RANGES.low,
      highAboveMgdl: episodeThresholds?.hyperLevel1 ?? DEFAULT_RANGES.high,
      low: summary.episodes.hypoLevel1,
      high: summary.episodes.hyperLevel1,
    },
    agp: enoughForAgp ? profile : null,
    days,
    dailyPages: chunk(days, DAYS_PER_DAILY_PAGE),
    trend: days.map(trendDay),
    dailyStatistics: days.map(dailyRow),
  };
}
