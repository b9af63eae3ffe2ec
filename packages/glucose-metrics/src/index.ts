/**
 * @cgm-portal/glucose-metrics: every CGM metric the portal shows, in pure TypeScript, checked
 * against the iglu R package. Glucose in mg/dL, time in epoch ms (UTC), days cut in an explicit
 * IANA time zone.
 */
export type {
  AgpBin,
  AgpOptions,
  AgpProfile,
  DailyProfile,
  GlucoseRanges,
  GlucoseInput,
  GlucoseSummary,
  HourBlockRanges,
  MageDirection,
  MaxVariation,
  MmolReading,
  MmolReadingColumns,
  RangePercentages,
  Reading,
  ReadingColumns,
  ReadingsInput,
  SummaryOptions,
  TimeZoneOptions,
} from './types.js';

// Units, ranges, constants
export { MGDL_PER_MMOL, mgdlToMmol, mmolToMgdl } from './units.js';
export { DEFAULT_RANGES, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from './ranges.js';

// The one-call entry point
export { summarize } from './summarize.js';

// Each metric on its own
export { cvGlucose, jIndex, lage, maxGlucose, meanGlucose, minGlucose, sdGlucose } from './glucose-stats.js';
export { timeAboveRange, timeBelowRange, timeInRange, timeInRanges } from './time-in-range.js';
export {
  eA1c,
  eA1cFromMean,
  eA1cMmolMol,
  eA1cMmolMolFromMean,
  gmi,
  gmiFromMean,
  gmiMmolMol,
  gmiMmolMolFromMean,
  ngspToIfcc,
} from './a1c.js';
export { gri, type GriResult } from './gri.js';
export { mage, mageSegments, type MageSegmentResult } from './mage-api.js';
export type { MageOptions } from './mage.js';
export { modd, type GridMetricOptions } from './modd.js';
export { conga } from './conga.js';
export { activePercent, effectiveDataRate } from './active-time.js';
export { maxVariation } from './max-variation.js';
export { calibrationStats, type CalibrationStats } from './calibrations.js';

export {
  glucoseDistribution,
  glucoseQuantile,
  iqrGlucose,
  madGlucose,
  medianGlucose,
  type GlucoseDistribution,
} from './distribution.js';
export {
  adrr,
  cogi,
  grade,
  hbgi,
  hyperIndex,
  hypoIndex,
  igc,
  lbgi,
  mValue,
  M_VALUE_REFERENCE_MGDL,
  type GradeResult,
} from './risk-indices.js';
export { pgs } from './pgs.js';
export { aucHourly, gvp, mag, sdRoc, type GridOptions } from './grid-variability.js';
export { cvMeasures, sdMeasures, type CvMeasures, type SdMeasures } from './sd-measures.js';
export {
  episodes,
  episodeThresholdsFromRanges,
  type EpisodeKindSummary,
  type EpisodeOptions,
  type EpisodeThresholds,
  type GlycaemicEpisodes,
  type GlycaemicEvent,
} from './episodes.js';
export { EPOCH_MS_MAX, EPOCH_MS_MIN, type GlucoseUnit, type UnitOptions } from './validation.js';

// Grids, AGP, days
export { INTER_GAP_MINUTES, type DayAlignment } from './day-grid.js';
export { splitAtGaps } from './gaps.js';
export { agpProfile, hasEnoughDataForAgp, AGP_MIN_DAYS } from './agp.js';
export { dailyProfiles } from './daily.js';
export { timeInRangesByHour } from './time-in-range-by-hour.js';
