import type { Reading } from '@cgm-portal/api-client';
import { DateTime } from 'luxon';

/** Readings since the member's local midnight (their zone, never the browser's). */
export function readingsToday(readings: readonly Reading[], timeZone: string, now: number): Reading[] {
  const midnight = DateTime.fromMillis(now, { zone: timeZone }).startOf('day').toMillis();
  return readings.filter((r) => r.time >= midnight && r.time <= now);
}
