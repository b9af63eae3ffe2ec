import { DateTime } from 'luxon';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Candidate tick steps: hours that divide a day, then whole days. */
const HOUR_STEPS = [1, 2, 3, 4, 6, 12];
const DAY_STEPS = [1, 2, 7, 14, 28];

export interface TimeTick {
  time: number;
  label: string;
  /** Tick at a local midnight (drawn stronger, labelled with the date). */
  midnight: boolean;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl.DateTimeFormat for a locale, zone and option set. */
export function dateTimeFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** "14:05" or "2:05 PM" as the locale writes it, in the member's time zone. */
export function formatClock(time: number, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, timeZone, { hour: 'numeric', minute: '2-digit' }).format(time);
}

/** "Mon 3 Mar, 14:05" as the locale writes it, in the member's time zone. */
export function formatDateTime(time: number, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, timeZone, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(time);
}

/** "3 Mar" as the locale writes it. */
export function formatDay(time: number, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, timeZone, { day: 'numeric', month: 'short' }).format(time);
}

/** "Mon 3" for a yyyy-MM-dd local date. */
export function formatLocalDate(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const dt = DateTime.fromISO(date, { zone: 'UTC' });
  return dateTimeFormat(locale, 'UTC', options).format(dt.toMillis());
}

/**
 * Ticks for a time window, cut in the member's time zone: every n local hours (aligned to the
 * local clock, so DST days stay on 00:00, 03:00 …) or every n local days, as many as fit.
 */
export function timeTicks(from: number, to: number, options: { timeZone: string; locale: string; maxTicks: number }): TimeTick[] {
  const { timeZone, locale } = options;
  const maxTicks = Math.max(2, options.maxTicks);
  const span = to - from;
  const hourStep = HOUR_STEPS.find((h) => span / (h * HOUR_MS) <= maxTicks);
  const ticks: TimeTick[] = [];
  if (hourStep !== undefined) {
    let t = DateTime.fromMillis(from, { zone: timeZone }).startOf('hour');
    while (t.toMillis() <= to) {
      const ms = t.toMillis();
      if (ms >= from && t.hour % hourStep === 0 && t.minute === 0) {
        const midnight = t.hour === 0;
        ticks.push({
          time: ms,
          midnight,
          label: midnight && span > 6 * HOUR_MS ? formatDay(ms, locale, timeZone) : formatClock(ms, locale, timeZone),
        });
      }
      t = t.plus({ hours: 1 });
    }
    return ticks;
  }
  const dayStep = DAY_STEPS.find((d) => span / (d * DAY_MS) <= maxTicks) ?? Math.ceil(span / DAY_MS / maxTicks);
  let t = DateTime.fromMillis(from, { zone: timeZone }).startOf('day');
  if (t.toMillis() < from) t = t.plus({ days: 1 });
  // Weekly steps start on a Monday so the grid lines up with the calendar.
  if (dayStep % 7 === 0) while (t.weekday !== 1) t = t.plus({ days: 1 });
  while (t.toMillis() <= to) {
    const ms = t.toMillis();
    ticks.push({ time: ms, midnight: true, label: formatDay(ms, locale, timeZone) });
    t = t.plus({ days: dayStep });
  }
  return ticks;
}

/** Rough text width in px for layout (no DOM in print/SSR): average glyph ≈ 0.62 em, a little generous. */
export function estimateTextWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.62;
}

export { DAY_MS, HOUR_MS, MINUTE_MS };
