import { MAX_READINGS_SPAN_MS } from '@cgm-portal/api-client';
import { DateTime } from 'luxon';
import { DEFAULT_PERIOD, type Period, type PeriodPick } from './period-picks';

/** A time span [from, to) in epoch ms. */
export interface TimeSpan {
  from: number;
  to: number;
}

export { DEFAULT_PERIOD, PERIOD_PICKS, type Period, type PeriodPick } from './period-picks';

const DAY_PICKS: Partial<Record<PeriodPick, number>> = { days7: 7, days14: 14, days30: 30, days90: 90, nearly6Months: 180 };

/**
 * Whole local days in the member's time zone, ending with today. Day-aligned edges keep the
 * query key the same all day long, so a period's readings are fetched once and then cached.
 * "Show all" is the longest span one readings call may ask for.
 */
export function periodSpan(period: Period, now: number, timeZone: string): TimeSpan {
  const endOfToday = DateTime.fromMillis(now, { zone: timeZone }).startOf('day').plus({ days: 1 });
  if (period.pick === 'custom') return customSpan(period.fromDate, period.toDate, timeZone) ?? periodSpan(DEFAULT_PERIOD, now, timeZone);
  const to = endOfToday.toMillis();
  const days = DAY_PICKS[period.pick];
  if (days) return { from: endOfToday.minus({ days }).toMillis(), to };
  if (period.pick === 'last3Months') return { from: endOfToday.minus({ months: 3 }).toMillis(), to };
  if (period.pick === 'lastYear') return { from: endOfToday.minus({ years: 1 }).toMillis(), to };
  // The first whole local day inside the longest span (a DST change makes 400 local days an hour too long).
  const earliest = DateTime.fromMillis(to - MAX_READINGS_SPAN_MS, { zone: timeZone });
  const firstDay = earliest.startOf('day');
  return { from: (firstDay < earliest ? firstDay.plus({ days: 1 }) : firstDay).toMillis(), to };
}

/** A custom range of local dates (yyyy-MM-dd, both included); null when it is not a valid range. */
export function customSpan(fromDate: string, toDate: string, timeZone: string): TimeSpan | null {
  const from = DateTime.fromISO(fromDate, { zone: timeZone });
  const to = DateTime.fromISO(toDate, { zone: timeZone });
  if (!from.isValid || !to.isValid) return null;
  const span = { from: from.startOf('day').toMillis(), to: to.startOf('day').plus({ days: 1 }).toMillis() };
  if (span.from >= span.to || span.to - span.from > MAX_READINGS_SPAN_MS) return null;
  return span;
}

/** i18n key of a custom range's problem, or null when it is fine. */
export function validateCustomRange(fromDate: string, toDate: string, timeZone: string): string | null {
  if (!fromDate || !toDate) return 'validation.selectDateRange';
  if (fromDate > toDate) return 'validation.dateRangeOrder';
  if (!customSpan(fromDate, toDate, timeZone)) return 'validation.selectDateRange';
  return null;
}

/** Today in the member's zone, plus yesterday: what the 24-hour window of the home screen can reach. */
export function todaySpan(now: number, timeZone: string): TimeSpan & { startOfToday: number } {
  const startOfToday = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  return {
    from: startOfToday.minus({ days: 1 }).toMillis(),
    to: startOfToday.plus({ days: 1 }).toMillis(),
    startOfToday: startOfToday.toMillis(),
  };
}

/** The local date (yyyy-MM-dd) of an instant in the member's zone, for date inputs. */
export function localDate(epochMs: number, timeZone: string): string {
  return DateTime.fromMillis(epochMs, { zone: timeZone }).toISODate() ?? '';
}
