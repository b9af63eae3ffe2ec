/**
 * Risk and quality indices computed per reading and averaged (METRICS.md §9; reading-based, every
 * reading counts once, duplicates kept, as iglu):
 * - LBGI / HBGI (Kovatchev 2006, doi:10.2337/dc06-1085): f = ln(g)^1.084 − 5.381 symmetrises the
 *   glucose scale; risk 22.77·f² on the low (f < 0) or high (f > 0) side.
 * - ADRR (Kovatchev 2006): per local calendar day the largest low risk plus the largest high risk,
 *   averaged over days.
 * - M-value (Schlichtkrull 1965), r = 90 mg/dL: mean of 1000·|log10(g/r)|³.
 * - Hypo/hyperglycaemia index and IGC (Rodbard 2009, doi:10.1089/dia.2009.0015): iglu's defaults,
 *   lower limit 80, upper 140, exponents 2 and 1.1, scale 30.
 * - GRADE (Hill 2007, doi:10.1111/j.1464-5491.2007.02119.x): 425·(log10(log10(g/18)) + 0.16)² per
 *   reading, capped at 50, and the shares (%) of it from hypo (< 80), eugly (70–140) and hyper
 *   (> 140) readings, iglu's bounds (the hypo and eugly bands overlap at 70–79 there too).
 */
import { wholeValueHistogram } from './histogram.js';
import { sortByTime, toSeries, type Series } from './series.js';
import { basicStats } from './glucose-stats.js';
import type { GlucoseInput } from './types.js';
import { checkOptions, checkZonedOptions, type UnitOptions } from './validation.js';
import { dayIndexOfSorted, localDays } from './zone.js';

const KOVATCHEV_SCALE = 22.77;

/** Kovatchev's symmetrised glucose, f = ln(g)^1.084 − 5.381 (0 at 112.5 mg/dL). */
function kovatchevF(g: number): number {
  return Math.log(g) ** 1.084 - 5.381;
}

export interface RiskIndices {
  lbgi: number;
  hbgi: number;
  mValue: number;
  hypoIndex: number;
  hyperIndex: number;
  igc: number;
  grade: number;
  gradeHypo: number;
  gradeEugly: number;
  gradeHyper: number;
}

/** M-value reference glucose r (mg/dL); 90 as iglu's default and the issue's `mValue`. */
export const M_VALUE_REFERENCE_MGDL = 90;
const INDEX_LOW = 80;
const INDEX_HIGH = 140;
const GRADE_CAP = 50;

/**
 * GRADE of one reading. Below 18 mg/dL the formula's inner logarithm is negative (iglu: NaN); the
 * risk there is extreme, so it takes the cap.
 */
function gradeOf(g: number): number {
  if (g <= 18) return GRADE_CAP;
  const x = Math.log10(Math.log10(g / 18)) + 0.16;
  return Math.min(GRADE_CAP, 425 * x * x);
}

/** Per-reading terms summed by the indices. */
class IndexSums {
  low = 0;
  high = 0;
  m = 0;
  hypo = 0;
  hyper = 0;
  grade = 0;
  gHypo = 0;
  gEugly = 0;
  gHyper = 0;

  /** Adds `count` readings of value g. */
  add(g: number, count: number): void {
    const f = kovatchevF(g);
    if (f < 0) this.low += count * f * f;
    else this.high += count * f * f;
    this.m += count * 1000 * Math.abs(Math.log10(g / M_VALUE_REFERENCE_MGDL)) ** 3;
    if (g < INDEX_LOW) this.hypo += count * (INDEX_LOW - g) ** 2;
    if (g > INDEX_HIGH) this.hyper += count * (g - INDEX_HIGH) ** 1.1;
    const gr = count * gradeOf(g);
    this.grade += gr;
    if (g < INDEX_LOW) this.gHypo += gr;
    if (g >= 70 && g <= INDEX_HIGH) this.gEugly += gr;
    if (g > INDEX_HIGH) this.gHyper += gr;
  }
}

/** Every per-reading index; null without readings. Whole mg/dL values are summed per level. */
export function riskIndicesOfValues(mgdl: ArrayLike<number>): RiskIndices | null {
  const n = mgdl.length;
  if (n === 0) return null;
  const sums = new IndexSums();
  const counts = wholeValueHistogram(mgdl);
  if (counts !== null) {
    for (let v = 1; v < counts.length; v++) if (counts[v]! > 0) sums.add(v, counts[v]!);
  } else {
    for (let i = 0; i < n; i++) sums.add(mgdl[i]!, 1);
  }
  const { low, high, m, hypo, hyper, grade, gHypo, gEugly, gHyper } = sums;
  const hypoIndex = hypo / (n * 30);
  const hyperIndex = hyper / (n * 30);
  return {
    lbgi: (KOVATCHEV_SCALE * low) / n,
    hbgi: (KOVATCHEV_SCALE * high) / n,
    mValue: m / n,
    hypoIndex,
    hyperIndex,
    igc: hypoIndex + hyperIndex,
    grade: grade / n,
    gradeHypo: grade > 0 ? (100 * gHypo) / grade : 0,
    gradeEugly: grade > 0 ? (100 * gEugly) / grade : 0,
    gradeHyper: grade > 0 ? (100 * gHyper) / grade : 0,
  };
}

/** ADRR over the local calendar days of a series; null without readings. */
export function adrrOfSeries(s: Series, timeZone: string): number | null {
  const sorted = sortByTime(s);
  const n = sorted.time.length;
  if (n === 0) return null;
  const days = localDays(sorted.time[0]!, sorted.time[n - 1]!, timeZone);
  const idx = dayIndexOfSorted(days, sorted.time);
  let sum = 0;
  let nDays = 0;
  let i = 0;
  while (i < n) {
    const d = idx[i]!;
    // f rises with g, so the day's extreme risks come from its lowest and highest readings.
    let gMin = Number.POSITIVE_INFINITY;
    let gMax = Number.NEGATIVE_INFINITY;
    for (; i < n && idx[i] === d; i++) {
      const g = sorted.mgdl[i]!;
      if (g < gMin) gMin = g;
      if (g > gMax) gMax = g;
    }
    const fMin = Math.min(0, kovatchevF(gMin));
    const fMax = Math.max(0, kovatchevF(gMax));
    sum += KOVATCHEV_SCALE * (fMin * fMin + fMax * fMax);
    nDays++;
  }
  return sum / nDays;
}

/** The cross-index COGI needs: TIR 70–180 and TBR < 70 in %, SD in mg/dL. */
export function cogiFrom(tir: number, tbr: number, sd: number): number {
  // w(x, lo…hi): 1 at or below lo, 0 at or above hi, linear between (Leelarathna 2023, iglu `cogi`).
  const w = (x: number, lo: number, hi: number): number => Math.min(1, Math.max(0, (hi - x) / (hi - lo)));
  return 100 * (0.5 * Math.min(tir / 100, 1) + 0.35 * w(tbr, 0, 15) + 0.15 * w(sd, 18, 108));
}

function indices(readings: GlucoseInput, options: UnitOptions | undefined, fn: string): RiskIndices | null {
  checkOptions(fn, options, ['unit']);
  return riskIndicesOfValues(toSeries(readings, options ?? {}, fn).mgdl);
}

/** Low blood glucose index (Kovatchev); null without readings. */
export function lbgi(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'lbgi')?.lbgi ?? null;
}
/** High blood glucose index (Kovatchev); null without readings. */
export function hbgi(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'hbgi')?.hbgi ?? null;
}
/** M-value with r = 90 mg/dL; null without readings. */
export function mValue(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'mValue')?.mValue ?? null;
}
/** Hypoglycaemia index (Rodbard); null without readings. */
export function hypoIndex(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'hypoIndex')?.hypoIndex ?? null;
}
/** Hyperglycaemia index (Rodbard); null without readings. */
export function hyperIndex(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'hyperIndex')?.hyperIndex ?? null;
}
/** Index of glycaemic control = hypo index + hyper index; null without readings. */
export function igc(readings: GlucoseInput, options?: UnitOptions): number | null {
  return indices(readings, options, 'igc')?.igc ?? null;
}

export interface GradeResult {
  grade: number;
  gradeHypo: number;
  gradeEugly: number;
  gradeHyper: number;
}

/** GRADE and its hypo / eugly / hyper shares (%); null without readings. */
export function grade(readings: GlucoseInput, options?: UnitOptions): GradeResult | null {
  const r = indices(readings, options, 'grade');
  return r && { grade: r.grade, gradeHypo: r.gradeHypo, gradeEugly: r.gradeEugly, gradeHyper: r.gradeHyper };
}

/** ADRR, average daily risk range, over local days in `timeZone`; null without readings. */
export function adrr(readings: GlucoseInput, options: { timeZone: string } & UnitOptions): number | null {
  checkZonedOptions('adrr', options, ['timeZone', 'unit']);
  return adrrOfSeries(toSeries(readings, options, 'adrr'), options.timeZone);
}

/**
 * COGI, continuous glucose monitoring index (Leelarathna 2023, doi:10.1177/19322968211063241), %:
 * 50 % weight on TIR 70–180, 35 % on TBR < 70 (full marks at 0 %, none at ≥ 15 %), 15 % on SD
 * (full at ≤ 18, none at ≥ 108 mg/dL). null below two readings (no SD).
 */
export function cogi(readings: GlucoseInput, options?: UnitOptions): number | null {
  checkOptions('cogi', options, ['unit']);
  const g = toSeries(readings, options ?? {}, 'cogi').mgdl;
  const st = basicStats(g);
  if (!(st.sd >= 0)) return null;
  let inRange = 0;
  let below = 0;
  for (let i = 0; i < g.length; i++) {
    const x = g[i]!;
    if (x < 70) below++;
    else if (x <= 180) inRange++;
  }
  return cogiFrom((100 * inRange) / g.length, (100 * below) / g.length, st.sd);
}
