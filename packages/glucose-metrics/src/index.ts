export type {
  AgpBin,
  AgpOptions,
  AgpProfile,
  DailyProfile,
  GlucoseRanges,
  GlucoseSummary,
  HourBlockRanges,
  MageDirection,
  MaxVariation,
  RangePercentages,
  Reading,
  ReadingColumns,
  ReadingsInput,
  SummaryOptions,
  TimeZoneOptions,
} from './types.js';
export { MGDL_PER_MMOL, mgdlToMmol, mmolToMgdl } from './units.js';
export { DEFAULT_RANGES, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from './ranges.js';
export { timeInRanges } from './time-in-range.js';
export { splitAtGaps } from './gaps.js';
export { summarize } from './summarize.js';
export { agpProfile, hasEnoughDataForAgp, AGP_MIN_DAYS } from './agp.js';
export { dailyProfiles } from './daily.js';
export { timeInRangesByHour } from './time-in-range-by-hour.js';
