/**
 * SD sub-measures (Rodbard 2009, doi:10.1089/dia.2009.0015; iglu `sd_measures`) and the per-day CV
 * measures (iglu `cv_measures`), on the day-by-slot grid with empty slots ignored (METRICS.md §9).
 * Days and slots are the clock grid (`wall`), the running window is on the time-ordered grid.
 */
import type { DayGrid } from './day-grid.js';
import { GridContext } from './grid-context.js';
import { toSeries } from './series.js';
import { meanOf, naToNull, roundHalfEven, sampleSd } from './stats.js';
import type { GlucoseInput } from './types.js';
import type { GridOptions } from './grid-variability.js';
import { checkZonedOptions, GRID_KEYS } from './validation.js';

export interface SdMeasures {
  /** Mean of each day's SD (within-day). */
  sdW: number | null;
  /** SD of the slot means across days (between time points). */
  sdHHMM: number | null;
  /** Mean SD within 1-hour windows (within series). */
  sdWSH: number | null;
  /** SD of the daily means. */
  sdDM: number | null;
  /** Mean over slots of the SD across days (between days, same time). */
  sdB: number | null;
  /** The same after subtracting each day's mean. */
  sdBDM: number | null;
}

export interface CvMeasures {
  /** Mean of the per-day CVs, %. */
  cvMean: number | null;
  /** SD of the per-day CVs, %. */
  cvSd: number | null;
}

/** Mean and SD of the non-empty values of one row (NaN when too few). */
function rowStats(w: Float64Array, from: number, len: number, scratch: Float64Array): { mean: number; sd: number } {
  let n = 0;
  for (let s = 0; s < len; s++) {
    const v = w[from + s]!;
    if (!Number.isNaN(v)) scratch[n++] = v;
  }
  return { mean: n > 0 ? meanOf(scratch, n) : Number.NaN, sd: sampleSd(scratch, n) };
}

/** Mean of the finite values (NaN when none). */
function meanFinite(values: ArrayLike<number>): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) {
      s += v;
      n++;
    }
  }
  return n > 0 ? s / n : Number.NaN;
}

function finite(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) out[n++] = values[i]!;
  return out.subarray(0, n);
}

export function dayStats(grid: DayGrid): { means: Float64Array; sds: Float64Array } {
  const { wall, rows, slotsPerDay } = grid;
  const means = new Float64Array(rows);
  const sds = new Float64Array(rows);
  const scratch = new Float64Array(slotsPerDay);
  for (let d = 0; d < rows; d++) {
    const r = rowStats(wall, d * slotsPerDay, slotsPerDay, scratch);
    means[d] = r.mean;
    sds[d] = r.sd;
  }
  return { means, sds };
}

export function sdMeasuresOfGrid(grid: DayGrid): SdMeasures {
  const { wall, rows, slotsPerDay, flat, dt0 } = grid;
  const { means: dayMeans, sds: daySds } = dayStats(grid);
  const slotMeans = new Float64Array(slotsPerDay);
  const slotSds = new Float64Array(slotsPerDay);
  const slotSdsDm = new Float64Array(slotsPerDay);
  const col = new Float64Array(rows);
  const colDm = new Float64Array(rows);
  for (let s = 0; s < slotsPerDay; s++) {
    let n = 0;
    for (let d = 0; d < rows; d++) {
      const v = wall[d * slotsPerDay + s]!;
      if (Number.isNaN(v)) continue;
      col[n] = v;
      colDm[n] = v - dayMeans[d]!;
      n++;
    }
    slotMeans[s] = n > 0 ? meanOf(col, n) : Number.NaN;
    slotSds[s] = sampleSd(col, n);
    slotSdsDm[s] = sampleSd(colDm, n);
  }
  // Running SD over windows of one hour of grid values, centred; windows that would reach past
  // either end are dropped, empty slots inside a window are ignored.
  const win = Math.max(2, roundHalfEven(60 / dt0));
  let wshSum = 0;
  let wshN = 0;
  for (let k = 0; k + win <= flat.length; k++) {
    // Two passes over the window in place (no copy): its mean, then the squared deviations.
    let sum = 0;
    let n = 0;
    for (let j = k; j < k + win; j++) {
      const v = flat[j]!;
      if (v === v) {
        sum += v;
        n++;
      }
    }
    if (n < 2) continue;
    const mean = sum / n;
    let ss = 0;
    for (let j = k; j < k + win; j++) {
      const v = flat[j]!;
      if (v === v) ss += (v - mean) * (v - mean);
    }
    wshSum += Math.sqrt(ss / (n - 1));
    wshN++;
  }
  const slotMeanValues = finite(slotMeans);
  const dayMeanValues = finite(dayMeans);
  return {
    sdW: naToNull(meanFinite(daySds)),
    sdHHMM: naToNull(sampleSd(slotMeanValues)),
    sdWSH: wshN > 0 ? wshSum / wshN : null,
    sdDM: naToNull(sampleSd(dayMeanValues)),
    sdB: naToNull(meanFinite(slotSds)),
    sdBDM: naToNull(meanFinite(slotSdsDm)),
  };
}

export function cvMeasuresOfGrid(grid: DayGrid): CvMeasures {
  const { means, sds } = dayStats(grid);
  const cvs = new Float64Array(means.length);
  let n = 0;
  for (let d = 0; d < means.length; d++) {
    const cv = (100 * sds[d]!) / means[d]!;
    if (!Number.isNaN(cv)) cvs[n++] = cv;
  }
  return { cvMean: n > 0 ? meanOf(cvs, n) : null, cvSd: naToNull(sampleSd(cvs, n)) };
}

function gridOf(readings: GlucoseInput, options: GridOptions, fn: string): DayGrid | null {
  checkZonedOptions(fn, options, GRID_KEYS);
  return new GridContext(toSeries(readings, options, fn), options.timeZone, options.intervalMinutes, options.dayAlignment).grid();
}

const NO_SD: SdMeasures = { sdW: null, sdHHMM: null, sdWSH: null, sdDM: null, sdB: null, sdBDM: null };

/** The six SD sub-measures of Rodbard 2009, mg/dL; each null where undefined. */
export function sdMeasures(readings: GlucoseInput, options: GridOptions): SdMeasures {
  const g = gridOf(readings, options, 'sdMeasures');
  return g === null ? { ...NO_SD } : sdMeasuresOfGrid(g);
}

/** Mean and SD of the per-day CVs, %; null where undefined. */
export function cvMeasures(readings: GlucoseInput, options: GridOptions): CvMeasures {
  const g = gridOf(readings, options, 'cvMeasures');
  return g === null ? { cvMean: null, cvSd: null } : cvMeasuresOfGrid(g);
}
