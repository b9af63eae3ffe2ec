import type { Reading } from '@cgm-portal/glucose-metrics';

/**
 * A reading older than this is not the current glucose: three 5-minute readings missed.
 * Nightscout warns of stale data after the same 15 minutes (ALARM_TIMEAGO_WARN_MINS default).
 * Age and staleness come from the same whole minutes, so "16 minutes ago" is never called current
 * and "15 minutes ago" never stale.
 */
export const STALE_AFTER_MINUTES = 15;

export type Trend = 'risingQuickly' | 'rising' | 'risingSlowly' | 'stable' | 'fallingSlowly' | 'falling' | 'fallingQuickly' | 'unknown';

export interface LatestGlucose {
  reading: Reading;
  /** Whole minutes since the reading (never negative). */
  minutesAgo: number;
  stale: boolean;
  trend: Trend;
  /** mg/dL per minute over the trend window; null when unknown. */
  ratePerMinute: number | null;
}

/** How far back the trend looks, and the longest gap it bridges. */
const TREND_WINDOW_MINUTES = 15;
const TREND_MAX_GAP_MINUTES = 20;

/**
 * Rate of change thresholds in mg/dL/min, the steps of the trend arrows CGM systems show
 * (Dexcom G6/G7 user guides: 1, 2 and 3 mg/dL/min; FreeStyle Libre uses 1 and 2).
 */
export function trendOf(ratePerMinute: number | null): Trend {
  if (ratePerMinute === null || !Number.isFinite(ratePerMinute)) return 'unknown';
  const r = ratePerMinute;
  if (r > 3) return 'risingQuickly';
  if (r > 2) return 'rising';
  if (r > 1) return 'risingSlowly';
  if (r >= -1) return 'stable';
  if (r >= -2) return 'fallingSlowly';
  if (r >= -3) return 'falling';
  return 'fallingQuickly';
}

/** The newest reading, its age, whether it is stale and its trend; null without readings. Readings ascend by time. */
export function latestGlucose(readings: readonly Reading[], now: number): LatestGlucose | null {
  const reading = readings[readings.length - 1];
  if (!reading) return null;
  const minutesAgo = Math.max(0, Math.floor((now - reading.time) / 60_000));
  const stale = minutesAgo > STALE_AFTER_MINUTES;
  let ratePerMinute: number | null = null;
  // The earliest reading within the window, with no gap wider than the limit on the way.
  for (let i = readings.length - 2; i >= 0; i--) {
    const r = readings[i]!;
    const next = readings[i + 1]!;
    if ((next.time - r.time) / 60_000 > TREND_MAX_GAP_MINUTES) break;
    const minutes = (reading.time - r.time) / 60_000;
    if (minutes > TREND_WINDOW_MINUTES) break;
    if (minutes >= 5) ratePerMinute = (reading.mgdl - r.mgdl) / minutes;
  }
  return { reading, minutesAgo, stale, trend: stale ? 'unknown' : trendOf(ratePerMinute), ratePerMinute };
}

/**
 * The arrow drawn beside the value; the trend's name is always given as text too. An unknown
 * trend has no arrow (no "?"): its words, "Trend unknown", say it.
 */
export const TREND_ARROWS: Record<Exclude<Trend, 'unknown'>, string> = {
  risingQuickly: '⇈',
  rising: '↑',
  risingSlowly: '↗',
  stable: '→',
  fallingSlowly: '↘',
  falling: '↓',
  fallingQuickly: '⇊',
};

/** The arrow of a trend, or null when the trend is unknown. */
export function trendArrow(trend: Trend): string | null {
  return trend === 'unknown' ? null : TREND_ARROWS[trend];
}
