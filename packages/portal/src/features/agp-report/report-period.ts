import { DateTime } from 'luxon';

export { AGP_DEFAULT_DAYS, AGP_PERIOD_PICKS } from './report-search';

/**
 * The last `days` whole local days in the member's zone, ending at the next midnight so that
 * today's readings are included: [midnight `days - 1` days ago, next midnight).
 */
export function reportPeriod(days: number, timeZone: string, now = Date.now()): { from: number; to: number } {
  const today = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  return { from: today.minus({ days: days - 1 }).toMillis(), to: today.plus({ days: 1 }).toMillis() };
}
