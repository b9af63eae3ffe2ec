/**
 * Public types of @cgm-portal/glucose-metrics.
 *
 * Canonical unit is mg/dL, times are epoch milliseconds (UTC); the local day is only
 * ever derived from an explicit IANA `timeZone`.
 */

import type { EpisodeThresholds, GlycaemicEpisodes } from './episodes.js';
import type { CvMeasures, SdMeasures } from './sd-measures.js';
import type { GlucoseUnit } from './validation.js';

/** One CGM reading. `time` is epoch ms (UTC), `mgdl` the glucose in mg/dL. */
export interface Reading {
  time: number /* epoch ms UTC */;
  mgdl: number;
}

/**
 * Columnar form of the same data, for speed on large series (no per-reading objects).
 * `time[i]` and `mgdl[i]` describe reading i.
 */
export interface ReadingColumns {
  time: ArrayLike<number>;
  mgdl: ArrayLike<number>;
}

/** Every function accepts either form. */
export type ReadingsInput = readonly Reading[] | ReadingColumns;

/** A reading in mmol/L, accepted with the option `{ unit: 'mmol/L' }` (never guessed). */
export interface MmolReading {
  time: number /* epoch ms UTC */;
  mmol: number;
}

/** Columnar mmol/L readings, with `{ unit: 'mmol/L' }`. */
export interface MmolReadingColumns {
  time: ArrayLike<number>;
  mmol: ArrayLike<number>;
}

/** What the metric functions accept: mg/dL readings, or mmol/L ones with `{ unit: 'mmol/L' }`. */
export type GlucoseInput = ReadingsInput | readonly MmolReading[] | MmolReadingColumns;

/** Range thresholds in mg/dL: veryLow < low ≤ target ≤ high < veryHigh. */
export interface GlucoseRanges {
  veryLow: number;
  low: number;
  high: number;
  veryHigh: number;
}

/** Percent of readings in each of the five consensus bands (0–100, sum 100). */
export interface RangePercentages {
  /** < veryLow (Level 2 hypoglycaemia, < 54 mg/dL by default) */
  veryLow: number;
  /** [veryLow, low) (Level 1 hypoglycaemia, 54–69) */
  low: number;
  /** [low, high] (time in range, 70–180, bounds inclusive) */
  target: number;
  /** (high, veryHigh] (Level 1 hyperglycaemia, 181–250) */
  high: number;
  /** > veryHigh (Level 2 hyperglycaemia, > 250) */
  veryHigh: number;
}

/** MAGE direction, as iglu's `mage(direction = ...)`. */
export type MageDirection = 'avg' | 'service' | 'max' | 'plus' | 'minus';

/** Largest variation between consecutive raw readings at most 45 min apart (METRICS.md §2). */
export interface MaxVariation {
  /** Largest rise rate, mg/dL/min (≥ 0); null when every pair falls. */
  maxRiseRate: number | null;
  /** Steepest fall rate, mg/dL/min (≤ 0); null when every pair rises. */
  maxFallRate: number | null;
  /** Largest absolute step between consecutive readings, mg/dL. */
  maxAbsStep: number;
}

export interface SummaryOptions {
  /** IANA zone where days and hours are cut (MODD, CONGA grid, MAGE grid, ADRR, episodes). Required. */
  timeZone: string;
  /** Unit of the readings: 'mg/dL' (default, readings `{ time, mgdl }`) or 'mmol/L' (`{ time, mmol }`). */
  unit?: GlucoseUnit;
  /** MAG sampling interval n in minutes. Default: the grid step dt0 (iglu's `mag` default is 60). */
  magMinutes?: number;
  /** Episode thresholds and durations (mg/dL, minutes). Default: the consensus 70/54/180/250, 15 min. */
  episodes?: EpisodeThresholds;
  /** Range thresholds (custom TIR). Default DEFAULT_RANGES (54/70/180/250). */
  ranges?: Partial<GlucoseRanges>;
  /** Keep readings with time >= from (epoch ms). */
  from?: number;
  /** Keep readings with time < to (epoch ms). */
  to?: number;
  /**
   * Nominal sensor interval in minutes (5 or 15). When given it replaces the interval
   * iglu infers from the median spacing (iglu's `dt0` argument).
   */
  intervalMinutes?: number;
  /** Calibration events (epoch ms) for calibrationCount / calibrationsPerDay. */
  calibrations?: readonly number[];
  /** CONGA window in hours. Default 1 (McDonnell's CONGA1; iglu's default is 24). */
  congaHours?: number;
  /** MODD lag in days. Default 1 (iglu default). */
  moddLagDays?: number;
  /** MAGE direction. Default 'avg' (iglu default). */
  mageDirection?: MageDirection;
  /**
   * Clamp values outside the sensor span to SENSOR_MIN_MGDL / SENSOR_MAX_MGDL ("LO" = 40,
   * "HI" = 400) before computing. Default false: values are used as given, as iglu does.
   */
  clampToSensorSpan?: boolean;
  /**
   * How MODD lines up days in a zone with DST. 'clock' (default): the same clock time on
   * consecutive days. 'absolute': iglu's grid, fixed 24-hour steps from the first midnight.
   * Identical in zones without DST.
   */
  dayAlignment?: 'clock' | 'absolute';
}

/**
 * Every metric of spec §3. `null` where the metric is undefined for the data
 * (iglu's NA): no readings, too few readings, or too short a trace.
 */
export interface GlucoseSummary {
  count: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  sd: number | null;
  cv: number | null;
  /** % of readings in [low, high]. */
  tir: number | null;
  /** % of readings > high (includes > veryHigh). */
  tar: number | null;
  /** % of readings > veryHigh. */
  tarVeryHigh: number | null;
  /** % of readings < low (includes < veryLow). */
  tbr: number | null;
  /** % of readings < veryLow. */
  tbrVeryLow: number | null;
  /** Glucose Management Indicator, % (NGSP). */
  gmi: number | null;
  /** GMI in mmol/mol (IFCC). */
  gmiMmolMol: number | null;
  gri: number | null;
  griHypo: number | null;
  griHyper: number | null;
  /** Estimated HbA1c (ADAG), % (NGSP). */
  eA1c: number | null;
  /** Estimated HbA1c, mmol/mol (IFCC). */
  eA1cMmolMol: number | null;
  lage: number | null;
  mage: number | null;
  modd: number | null;
  conga: number | null;
  jIndex: number | null;
  activePercent: number | null;
  effectiveDataRate: number | null;
  maxVariation: MaxVariation | null;
  calibrationCount: number;
  calibrationsPerDay: number | null;
  /**
   * Readings outside the sensor span (below SENSOR_MIN_MGDL or above SENSOR_MAX_MGDL) in the
   * window, counted before any clamping; with `clampToSensorSpan` these are the clamped ones.
   */
  outsideSensorSpan: number;
  /** Distribution (R quantile type 7), mg/dL. */
  median: number | null;
  q5: number | null;
  q25: number | null;
  q75: number | null;
  q95: number | null;
  iqr: number | null;
  /** Median absolute deviation × 1.4826, mg/dL. */
  mad: number | null;
  /** Kovatchev low / high blood glucose index and average daily risk range. */
  lbgi: number | null;
  hbgi: number | null;
  adrr: number | null;
  /** M-value, r = 90 mg/dL. */
  mValue: number | null;
  hypoIndex: number | null;
  hyperIndex: number | null;
  /** Index of glycaemic control = hypoIndex + hyperIndex. */
  igc: number | null;
  grade: number | null;
  /** Shares of GRADE (%) from readings < 80, 70–140 and > 140 mg/dL. */
  gradeHypo: number | null;
  gradeEugly: number | null;
  gradeHyper: number | null;
  /** Continuous glucose monitoring index, %. */
  cogi: number | null;
  /** Personal glycaemic state (lower is better). */
  pgs: number | null;
  /** Mean absolute glucose change, mg/dL per hour (n = magMinutes, default dt0). */
  mag: number | null;
  /** Glycaemic variability percentage, %. */
  gvp: number | null;
  /** SD of the 15-minute rate of change, mg/dL/min. */
  sdRoc: number | null;
  /** Hourly AUC averaged over local days, mg/dL. */
  aucHourly: number | null;
  sdMeasures: SdMeasures;
  cvMeasures: CvMeasures;
  episodes: GlycaemicEpisodes;
}

export interface AgpBin {
  /** Minute of the local day at which the slot sits (iglu grid: dt0, 2·dt0 … 1440). */
  minuteOfDay: number;
  /** Number of days that have a value in this slot. */
  count: number;
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

export interface AgpProfile {
  binMinutes: number;
  /** Number of local calendar days holding at least one reading. */
  days: number;
  bins: AgpBin[];
}

export interface AgpOptions {
  timeZone: string;
  /** Slot width in minutes (must divide 1440). Default: the data's interval as iglu infers it. */
  binMinutes?: number;
  /** 'clock' (default): slots are clock times across DST changes; 'absolute': iglu's grid. */
  dayAlignment?: 'clock' | 'absolute';
}

export interface DailyProfile {
  /** yyyy-MM-dd in timeZone */
  date: string;
  /** Epoch ms of the local midnight starting the day. */
  start: number;
  /** Epoch ms of the next local midnight (23 h or 25 h after start on DST days). */
  end: number;
  readings: Reading[];
  summary: GlucoseSummary;
}

export interface TimeZoneOptions {
  timeZone: string;
}

export interface HourBlockRanges extends RangePercentages {
  /** Local hour at which the block starts (0, 6, 12, 18 for 6-hour blocks). */
  startHour: number;
  /** Local hour at which it ends (exclusive). */
  endHour: number;
  /** Readings in the block. Percentages are 0 when count is 0. */
  count: number;
}
