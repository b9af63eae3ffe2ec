/**
 * `summarize`: every metric of spec §3 in one pass over one prepared trace. The grid (MODD, CONGA,
 * MAGE) is interpolated once and shared.
 */
import { activePercentOfSeries, effectiveDataRateOfSeries } from './active-time.js';
import { eA1cFromMean, eA1cMmolMolFromMean, gmiFromMean, gmiMmolMolFromMean } from './a1c.js';
import { calibrationStats } from './calibrations.js';
import { congaOfGrid } from './conga.js';
import { basicStats, cvFrom, jIndexFrom } from './glucose-stats.js';
import { GridContext } from './grid-context.js';
import { griOfSeries } from './gri.js';
import { mageOfGrid } from './mage.js';
import { maxVariationOfSeries } from './max-variation.js';
import { moddOfGrid } from './modd.js';
import { resolveRanges, SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from './ranges.js';
import { type Series, toSeries } from './series.js';
import { naToNull } from './stats.js';
import { bandPercentages, countBands } from './time-in-range.js';
import type { GlucoseSummary, ReadingsInput, SummaryOptions } from './types.js';
import { assertZone } from './zone.js';

/** Replaces out-of-span values by the span's ends, as a sensor's LO/HI display does. */
export function clampSeries(s: Series): Series {
  const mgdl = new Float64Array(s.mgdl.length);
  for (let i = 0; i < mgdl.length; i++) {
    mgdl[i] = Math.min(SENSOR_MAX_MGDL, Math.max(SENSOR_MIN_MGDL, s.mgdl[i]!));
  }
  return { time: s.time, mgdl };
}

export function summarizeSeries(input: Series, options: SummaryOptions = {}): GlucoseSummary {
  const timeZone = options.timeZone ?? 'UTC';
  assertZone(timeZone);
  const ranges = resolveRanges(options.ranges);
  const s = options.clampToSensorSpan ? clampSeries(input) : input;
  const n = s.mgdl.length;

  let firstReading: number | undefined;
  let lastReading: number | undefined;
  for (let i = 0; i < n; i++) {
    const t = s.time[i]!;
    if (firstReading === undefined || t < firstReading) firstReading = t;
    if (lastReading === undefined || t > lastReading) lastReading = t;
  }
  const cal = calibrationStats(options.calibrations ?? [], {
    from: options.from,
    to: options.to,
    ...(firstReading !== undefined ? { firstReading } : {}),
    ...(lastReading !== undefined ? { lastReading } : {}),
  });

  const stats = basicStats(s.mgdl);
  const bands = n > 0 ? bandPercentages(countBands(s.mgdl, ranges)) : null;
  const g = griOfSeries(s);
  const ctx = new GridContext(s, timeZone, options.intervalMinutes, options.dayAlignment);
  const grid = ctx.grid();
  const mageGrid = ctx.mageGrid();
  const mean = stats.mean;

  return {
    count: n,
    mean: naToNull(mean),
    min: naToNull(stats.min),
    max: naToNull(stats.max),
    sd: naToNull(stats.sd),
    cv: naToNull(cvFrom(mean, stats.sd)),
    tir: bands && bands.target,
    tar: bands && bands.high + bands.veryHigh,
    tarVeryHigh: bands && bands.veryHigh,
    tbr: bands && bands.low + bands.veryLow,
    tbrVeryLow: bands && bands.veryLow,
    gmi: naToNull(gmiFromMean(mean)),
    gmiMmolMol: naToNull(gmiMmolMolFromMean(mean)),
    gri: g && g.gri,
    griHypo: g && g.hypo,
    griHyper: g && g.hyper,
    eA1c: naToNull(eA1cFromMean(mean)),
    eA1cMmolMol: naToNull(eA1cMmolMolFromMean(mean)),
    lage: naToNull(stats.max - stats.min),
    mage: mageGrid === null ? null : naToNull(mageOfGrid(mageGrid.flat, options.mageDirection ?? 'avg')),
    modd: grid === null ? null : naToNull(moddOfGrid(grid, options.moddLagDays ?? 1)),
    conga: grid === null ? null : naToNull(congaOfGrid(grid, options.congaHours ?? 1)),
    jIndex: naToNull(jIndexFrom(mean, stats.sd)),
    activePercent: activePercentOfSeries(s, options.intervalMinutes),
    effectiveDataRate: effectiveDataRateOfSeries(s, options.intervalMinutes),
    maxVariation: maxVariationOfSeries(s),
    calibrationCount: cal.calibrationCount,
    calibrationsPerDay: cal.calibrationsPerDay,
  };
}

/**
 * Every metric of spec §3 for the readings in [from, to). Percentages are 0–100, glucose mg/dL.
 * Metrics that are undefined for the data (no readings, a single reading, a trace too short for
 * MAGE…) are null, where iglu returns NA.
 */
export function summarize(readings: ReadingsInput, options: SummaryOptions = {}): GlucoseSummary {
  return summarizeSeries(toSeries(readings, { from: options.from, to: options.to }), options);
}
