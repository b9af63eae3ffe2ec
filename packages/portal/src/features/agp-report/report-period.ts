import { DateTime } from 'luxon';

/** The AGP report's standard period is 14 days (Battelino et al. 2019: ≥14 days with ≥70 % CGM wear). */
export const AGP_DEFAULT_DAYS = 14;
export const AGP_PERIOD_PICKS = [7, 14, 30, 90] as const;

/**
 * The last `days` whole local days in the member's zone, ending at the next midnight so that
 * today's readings are included: [midnight `days - 1` days ago, next midnight).
 */
export function reportPeriod(days: number, timeZone: string, now = Date.now()): { from: number; to: number } {
  const today = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  return { from: today.minus({ days: days - 1 }).toMillis(), to: today.plus({ days: 1 }).toMillis() };
}
