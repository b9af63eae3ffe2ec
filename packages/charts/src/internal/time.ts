import { fallbackNames, namedDateFormat, type ChartDateFormat } from './locale-names';

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

const dateTimeFormats = new Map<string, ChartDateFormat>();

/** A cached date formatter for a locale, zone and option set (Intl, or registered names where Intl lacks the language). */
export function dateTimeFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): ChartDateFormat {
  const names = fallbackNames(locale);
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}|${names ? 'named' : 'intl'}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = names ? namedDateFormat(names, timeZone, options) : new Intl.DateTimeFormat(locale, { ...options, timeZone });
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
  return dateTimeFormat(locale, 'UTC', options).format(Date.parse(`${date}T00:00:00Z`));
}

const offsetCache = new Map<string, number>();

/**
 * Offset of the zone from UTC at instant t, ms (wall clock − UTC). Read from Intl once per zone
 * and UTC hour, then cached: ticks are computed on every render and luxon's per-call zone maths
 * cost ~0.5 ms an hour tick.
 */
export function zoneOffsetMs(t: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(t / HOUR_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const parts = dateTimeFormat('en-US', timeZone, {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(t);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    offset = wall - (t - (((t % 1000) + 1000) % 1000));
    if (offsetCache.size > 20_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The instant at which the zone's wall clock shows `wall` (wall clock as if it were UTC ms). */
function wallToUtc(wall: number, timeZone: string): number {
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
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
  const wallFrom = from + zoneOffsetMs(from, timeZone);
  const push = (wall: number, label: (t: number) => string) => {
    const t = wallToUtc(wall, timeZone);
    // A wall time skipped or repeated by a DST change maps onto a neighbour: keep one tick.
    if (t < from || t > to || ticks.some((k) => k.time === t)) return;
    const midnight = ((wall % DAY_MS) + DAY_MS) % DAY_MS === 0;
    ticks.push({ time: t, midnight, label: label(t) });
  };
  if (hourStep !== undefined) {
    const stepMs = hourStep * HOUR_MS;
    // Multiples of the step from local midnight: 24 is a multiple of every hour step.
    for (let wall = Math.ceil(wallFrom / stepMs) * stepMs; wall <= wallFrom + span + HOUR_MS; wall += stepMs) {
      push(wall, (t) => {
        const midnight = ((wall % DAY_MS) + DAY_MS) % DAY_MS === 0;
        return midnight && span > 6 * HOUR_MS ? formatDay(t, locale, timeZone) : formatClock(t, locale, timeZone);
      });
    }
    return ticks;
  }
  const dayStep = DAY_STEPS.find((d) => span / (d * DAY_MS) <= maxTicks) ?? Math.ceil(span / DAY_MS / maxTicks);
  let wall = Math.ceil(wallFrom / DAY_MS) * DAY_MS;
  // Weekly steps start on a Monday so the grid lines up with the calendar.
  if (dayStep % 7 === 0) while (new Date(wall).getUTCDay() !== 1) wall += DAY_MS;
  for (; wall <= wallFrom + span + HOUR_MS; wall += dayStep * DAY_MS) push(wall, (t) => formatDay(t, locale, timeZone));
  return ticks;
}

/** Rough text width in px for layout (no DOM in print/SSR): average glyph ≈ 0.62 em, a little generous; East Asian wide characters 1 em. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += WIDE_CHAR.test(char) ? 1 : 0.62;
  return ems * fontSize;
}

/** East Asian wide characters (Han, kana, Hangul, full-width forms): a whole em each, not 0.62. */
const WIDE_CHAR = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

export { DAY_MS, HOUR_MS, MINUTE_MS };
