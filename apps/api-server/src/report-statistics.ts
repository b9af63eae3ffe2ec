import { agpProfile, summarize, type ReadingsInput } from '@cgm-portal/glucose-metrics';
import type { ReportData } from '@cgm-portal/api-client/contract';
import type { SpanReadings } from './reading-days';

/** AGP bins: 15 minutes gives 96 points per day, smooth enough for the printed profile. */
const AGP_BIN_MINUTES = 15;

/** What a report's statistics are computed from: a span's readings and the member's settings. */
export interface StatisticsInput extends SpanReadings, StatisticsSettings {}

export type ReportStatistics = Pick<ReportData, 'summary' | 'agp'>;

/** A member's settings the statistics follow, and the span they cover. */
export interface StatisticsSettings {
  timeZone: string;
  targetLow: number;
  targetHigh: number;
  from: number;
  to: number;
}

/** The summary with the member's own target range as the TIR band; null when nothing to summarise. */
export function summaryOf(readings: ReadingsInput, settings: StatisticsSettings): ReportData['summary'] {
  const { timeZone, targetLow, targetHigh, from, to } = settings;
  if (('time' in readings ? readings.time : readings).length === 0) return null;
  try {
    return { ...summarize(readings, { timeZone, ranges: { low: targetLow, high: targetHigh }, from, to }) };
  } catch (error) {
    // A custom range outside the consensus bands (e.g. low under 54) falls back to the standard ones.
    if (!(error instanceof RangeError)) throw error;
    return { ...summarize(readings, { timeZone, from, to }) };
  }
}

/**
 * The summary and the AGP of a span; null each when there is nothing to summarise. Pure: on
 * Node it runs in a worker thread (platform/statistics-pool.ts), so a 90-day span's 10–180 ms
 * never holds the server's thread.
 */
export function reportStatistics(input: StatisticsInput): ReportStatistics {
  // The span's columns as they are: no 26,000 reading objects made only to be read back into columns.
  const readings = { time: input.times, mgdl: input.values };
  if (readings.time.length === 0) return { summary: null, agp: null };
  return { summary: summaryOf(readings, input), agp: { ...agpProfile(readings, { timeZone: input.timeZone, binMinutes: AGP_BIN_MINUTES }) } };
}
