import type { Reading } from '@cgm-portal/api-client';
import { DateTime } from 'luxon';

const MINUTE_MS = 60_000;

/** A reading older than this is no longer "current" (three missed 5-minute readings). */
export const STALE_AFTER_MS = 15 * MINUTE_MS;
/** The trend is drawn from readings at most this far back. */
const TREND_SPAN_MS = 15 * MINUTE_MS;

export type Trend = 'risingQuickly' | 'rising' | 'risingSlowly' | 'stable' | 'fallingSlowly' | 'falling' | 'fallingQuickly' | 'unknown';

/**
 * Rate bands of the CGM trend arrow, mg/dL per minute: 1, 2 and 3 mg/dL/min are the steps
 * Dexcom and Abbott arrows use (Dexcom G6 user guide, "Trend arrows"; FreeStyle Libre 2 user
 * manual, "Glucose trend arrow").
 */
const TREND_BANDS: readonly [number, Trend, Trend][] = [
  [3, 'risingQuickly', 'fallingQuickly'],
  [2, 'rising', 'falling'],
  [1, 'risingSlowly', 'fallingSlowly'],
];

/** The newest reading, or null. Readings arrive sorted by time. */
export function latestReading(readings: readonly Reading[]): Reading | null {
  return readings.length ? readings[readings.length - 1]! : null;
}

/** Trend of the last 15 minutes: the average rate between the oldest and newest reading in that span. */
export function trendOf(readings: readonly Reading[]): Trend {
  const last = latestReading(readings);
  if (!last) return 'unknown';
  let first: Reading | null = null;
  for (let i = readings.length - 2; i >= 0; i--) {
    const r = readings[i]!;
    if (last.time - r.time > TREND_SPAN_MS) break;
    first = r;
  }
  if (!first || last.time === first.time) return 'unknown';
  const ratePerMin = (last.mgdl - first.mgdl) / ((last.time - first.time) / MINUTE_MS);
  for (const [min, rising, falling] of TREND_BANDS) if (Math.abs(ratePerMin) >= min) return ratePerMin > 0 ? rising : falling;
  return 'stable';
}

/** Readings since the member's local midnight (their zone, never the browser's). */
export function readingsToday(readings: readonly Reading[], timeZone: string, now: number): Reading[] {
  const midnight = DateTime.fromMillis(now, { zone: timeZone }).startOf('day').toMillis();
  return readings.filter((r) => r.time >= midnight && r.time <= now);
}

/** Whole minutes since the reading, never negative. */
export function minutesAgo(reading: Reading, now: number): number {
  return Math.max(0, Math.floor((now - reading.time) / MINUTE_MS));
}

/** Whether the newest reading is too old to call current. */
export function isStale(reading: Reading, now: number): boolean {
  return now - reading.time > STALE_AFTER_MS;
}
