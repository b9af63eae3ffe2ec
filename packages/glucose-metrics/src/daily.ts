/** Per-day views: the daily charts and daily statistics of the AGP report. */
import { sortByTime, toSeries } from './series.js';
import { SUMMARY_OPTION_KEYS, summarizeSeries } from './summarize.js';
import type { DailyProfile, GlucoseInput, Reading, SummaryOptions, TimeZoneOptions } from './types.js';
import { checkZonedOptions } from './validation.js';
import { dayIndexOfSorted, localDays } from './zone.js';

/**
 * One entry per local calendar day in `timeZone`, from the day of the first reading (or `from`) to
 * the day of the last reading (or `to`), days without readings included so a report can show them
 * as empty. Each carries its readings in time order and the full `summarize` of that day (MODD,
 * active percent and the like run on the single day, so MODD is null there).
 */
export function dailyProfiles(
  readings: GlucoseInput,
  options: TimeZoneOptions & Omit<SummaryOptions, 'timeZone'>,
): DailyProfile[] {
  checkZonedOptions('dailyProfiles', options, SUMMARY_OPTION_KEYS);
  const s = sortByTime(toSeries(readings, options, 'dailyProfiles'));
  const n = s.time.length;
  const first = options.from ?? (n > 0 ? s.time[0]! : undefined);
  const last = options.to !== undefined ? options.to - 1 : n > 0 ? s.time[n - 1]! : undefined;
  if (first === undefined || last === undefined || last < first) return [];
  const days = localDays(first, last, options.timeZone);
  const idx = dayIndexOfSorted(days, s.time);
  const out: DailyProfile[] = [];
  let i = 0;
  for (let d = 0; d < days.dates.length; d++) {
    const start = i;
    while (i < n && idx[i] === d) i++;
    const day = { time: s.time.subarray(start, i), mgdl: s.mgdl.subarray(start, i) };
    const list: Reading[] = [];
    for (let k = start; k < i; k++) list.push({ time: s.time[k]!, mgdl: s.mgdl[k]! });
    const dayStart = days.starts[d]!;
    const dayEnd = days.starts[d + 1]!;
    const calibrations = options.calibrations?.filter((t) => t >= dayStart && t < dayEnd);
    out.push({
      date: days.dates[d]!,
      start: dayStart,
      end: dayEnd,
      readings: list,
      // The day's own bounds replace any from/to: they frame calibrationsPerDay.
      summary: summarizeSeries(day, {
        ...options,
        ...(calibrations ? { calibrations } : {}),
        from: dayStart,
        to: dayEnd,
      }),
    });
  }
  return out;
}
