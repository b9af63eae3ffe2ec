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

/** Every per-reading index in one pass over the values; null without readings. */
export function riskIndicesOfValues(mgdl: ArrayLike<number>): RiskIndices | null {
  const n = mgdl.length;
  if (n === 0) return null;
  let low = 0;
  let high = 0;
  let m = 0;
  let hypo = 0;
  let hyper = 0;
  let grade = 0;
  let gHypo = 0;
  let gEugly = 0;
  let gHyper = 0;
  for (let i = 0; i < n; i++) {
    const g = mgdl[i]!;
    const f = kovatchevF(g);
    if (f < 0) low += f * f;
    else high += f * f;
    m += 1000 * Math.abs(Math.log10(g / M_VALUE_REFERENCE_MGDL)) ** 3;
    if (g < INDEX_LOW) hypo += (INDEX_LOW - g) ** 2;
    if (g > INDEX_HIGH) hyper += (g - INDEX_HIGH) ** 1.1;
    const gr = gradeOf(g);
    grade += gr;
    if (g < INDEX_LOW) gHypo += gr;
    if (g >= 70 && g <= INDEX_HIGH) gEugly += gr;
    if (g > INDEX_HIGH) gHyper += gr;
  }
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
    // A trace of exactly 18 mg/dL… never happens; a zero sum would only come from all-capped zeros.
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
    let fMin = 0;
    let fMax = 0;
    for (; i < n && idx[i] === d; i++) {
      const f = kovatchevF(sorted.mgdl[i]!);
      if (f < fMin) fMin = f;
      if (f > fMax) fMax = f;
    }
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
