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
import type { GlucoseInput, GlucoseSummary, SummaryOptions } from './types.js';
import { assertZone } from './zone.js';
import { distributionOfValues } from './distribution.js';
import { episodesOfGrid } from './episodes.js';
import { aucHourlyOfGrid, gvpOfGrid, magOfGrid, sdRocOfGrid } from './grid-variability.js';
import { pgsOfSeries } from './pgs.js';
import { adrrOfSeries, cogiFrom, riskIndicesOfValues } from './risk-indices.js';
import { cvMeasuresOfGrid, sdMeasuresOfGrid } from './sd-measures.js';
import { checkZonedOptions } from './validation.js';

/** Replaces out-of-span values by the span's ends, as a sensor's LO/HI display does. */
export function clampSeries(s: Series): Series {
  const mgdl = new Float64Array(s.mgdl.length);
  for (let i = 0; i < mgdl.length; i++) {
    mgdl[i] = Math.min(SENSOR_MAX_MGDL, Math.max(SENSOR_MIN_MGDL, s.mgdl[i]!));
  }
  return { time: s.time, mgdl };
}

/** Every option `summarize` takes; anything else is a typo and throws. */
export const SUMMARY_OPTION_KEYS = [
  'timeZone', 'unit', 'ranges', 'from', 'to', 'intervalMinutes', 'calibrations', 'congaHours', 'moddLagDays',
  'mageDirection', 'clampToSensorSpan', 'dayAlignment', 'magMinutes', 'episodes',
] as const;

function countOutsideSpan(mgdl: Float64Array): number {
  let k = 0;
  for (let i = 0; i < mgdl.length; i++) if (mgdl[i]! < SENSOR_MIN_MGDL || mgdl[i]! > SENSOR_MAX_MGDL) k++;
  return k;
}

const NULL_DISTRIBUTION = { median: null, q5: null, q25: null, q75: null, q95: null, iqr: null, mad: null };
const NULL_RISK = {
  lbgi: null, hbgi: null, mValue: null, hypoIndex: null, hyperIndex: null, igc: null,
  grade: null, gradeHypo: null, gradeEugly: null, gradeHyper: null,
};

function nullIfNaN<T extends object>(o: T): { [K in keyof T]: number | null } {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(o)) out[k] = naToNull(v as number);
  return out as { [K in keyof T]: number | null };
}

export function summarizeSeries(input: Series, options: SummaryOptions): GlucoseSummary {
  const timeZone = options.timeZone;
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
  const risk = riskIndicesOfValues(s.mgdl);
  const sdGrid = grid === null ? null : sdMeasuresOfGrid(grid);
  const tirConsensus = n > 0 ? bandPercentages(countBands(s.mgdl, { veryLow: 54, low: 70, high: 180, veryHigh: 250 })) : null;

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
    outsideSensorSpan: countOutsideSpan(input.mgdl),
    ...(distributionOfValues(s.mgdl) ?? NULL_DISTRIBUTION),
    // Below 1 mg/dL (nonsense, but positive) ln(g) < 0 and the Kovatchev scale is undefined: null.
    ...(risk ? nullIfNaN(risk) : NULL_RISK),
    adrr: adrrOfSeries(s, timeZone),
    cogi:
      tirConsensus && stats.sd >= 0
        ? cogiFrom(tirConsensus.target, tirConsensus.low + tirConsensus.veryLow, stats.sd)
        : null,
    pgs: pgsOfSeries(s, ctx),
    mag: grid === null ? null : naToNull(magOfGrid(grid, options.magMinutes)),
    gvp: grid === null ? null : naToNull(gvpOfGrid(grid)),
    sdRoc: grid === null ? null : naToNull(sdRocOfGrid(grid)),
    aucHourly: grid === null ? null : naToNull(aucHourlyOfGrid(grid)),
    sdMeasures: sdGrid ?? { sdW: null, sdHHMM: null, sdWSH: null, sdDM: null, sdB: null, sdBDM: null },
    cvMeasures: grid === null ? { cvMean: null, cvSd: null } : cvMeasuresOfGrid(grid),
    episodes: episodesOfGrid(grid, ctx.sorted, options.episodes),
  };
}

/**
 * Every metric of spec §3 for the readings in [from, to). Percentages are 0–100, glucose mg/dL.
 * Metrics that are undefined for the data (no readings, a single reading, a trace too short for
 * MAGE…) are null, where iglu returns NA.
 */
export function summarize(readings: GlucoseInput, options: SummaryOptions): GlucoseSummary {
  checkZonedOptions('summarize', options, SUMMARY_OPTION_KEYS);
  return summarizeSeries(toSeries(readings, options, 'summarize'), options);
}
