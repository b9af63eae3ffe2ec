/**
 * The glucose report's "6-hour TIR" (spec §2, §9): the five range percentages per block of the
 * local day (00–06, 06–12, 12–18, 18–24 for 6-hour blocks), readings counted as in timeInRanges.
 */
import { resolveRanges } from './ranges.js';
import { sortByTime, toSeries } from './series.js';
import { bandPercentages, countBands } from './time-in-range.js';
import type { GlucoseInput, GlucoseRanges, HourBlockRanges } from './types.js';
import { checkZonedOptions, type UnitOptions } from './validation.js';
import { dayIndexOfSorted, localDays, minuteOfLocalDay } from './zone.js';

export function timeInRangesByHour(
  readings: GlucoseInput,
  options: { timeZone: string; hours?: number; ranges?: Partial<GlucoseRanges> } & UnitOptions,
): HourBlockRanges[] {
  checkZonedOptions('timeInRangesByHour', options, ['timeZone', 'hours', 'ranges', 'unit']);
  const hours = options.hours ?? 6;
  if (!(Number.isInteger(hours) && hours > 0 && 24 % hours === 0)) {
    throw new RangeError(`hours must divide 24, got ${hours}`);
  }
  const ranges = resolveRanges(options.ranges);
  const s = sortByTime(toSeries(readings, options, 'timeInRangesByHour'));
  const nBlocks = 24 / hours;
  const perBlock: number[][] = Array.from({ length: nBlocks }, () => []);
  if (s.time.length > 0) {
    const days = localDays(s.time[0]!, s.time[s.time.length - 1]!, options.timeZone);
    const idx = dayIndexOfSorted(days, s.time);
    for (let i = 0; i < s.time.length; i++) {
      const minute = minuteOfLocalDay(days, idx[i]!, s.time[i]!);
      const block = Math.min(nBlocks - 1, Math.floor(minute / (hours * 60)));
      perBlock[block]!.push(s.mgdl[i]!);
    }
  }
  return perBlock.map((values, b) => ({
    startHour: b * hours,
    endHour: (b + 1) * hours,
    count: values.length,
    ...bandPercentages(countBands(values, ranges)),
  }));
}
