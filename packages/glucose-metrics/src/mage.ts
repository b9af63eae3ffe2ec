/**
 * MAGE, mean amplitude of glycaemic excursions (Service et al., Diabetes 1970), computed with the
 * moving-average algorithm of Fernandes et al., J Diabetes Sci Technol 2022,
 * doi:10.1177/19322968211061165, exactly as iglu's `mage` (method "ma", R/mage_ma_single.R);
 * METRICS.md §3 has every step. The numbered comments below follow that section.
 *
 * iglu's version is quadratic (a K×K matrix of differences and row-name lookups). Here every step
 * is a single forward pass with running minima/maxima, so a year of data costs a few milliseconds.
 */
import type { MageDirection } from './types.js';
import type { GlucoseUnit } from './validation.js';

const SHORT_MA = 5;
const LONG_MA = 32;
/** NA runs longer than this split the trace into independent segments (minutes). */
const MAX_GAP_MINUTES = 180;
/** MAGE always runs on a 5-minute grid, whatever the sensor's interval. */
export const MAGE_GRID_MINUTES = 5;

const MAX = 1;
const MIN = -1;

export interface MageSegment {
  /** Grid positions (within the flat grid) of the segment's first and last points. */
  first: number;
  last: number;
  /** Mean height of the upward excursions, mg/dL; NaN if none. */
  plus: number;
  /** Mean height of the downward excursions (positive), mg/dL; NaN if none. */
  minus: number;
  /** True when the first excursion counted is upward (used by direction "service"). */
  plusFirst: boolean;
}

/**
 * Step 4: D = MA_S − MA_L, the right-aligned moving means over 5 and 32 points, NaN ignored (NaN if
 * a window holds no value); positions before a window is full take its first full value.
 *
 * Running sums keep this linear. One care point: after a gap the two windows often hold exactly the
 * same readings, where iglu's D is exactly 0, while two running sums would leave a ±1e-14 residue
 * and so a spurious crossing (it moved Subject 1's MAGE by 1.7 %). Equal counts mean equal contents
 * (the short window lies inside the long one), so D is set to 0 there.
 */
export function maDifference(g: Float64Array, s: number, n: number): Float64Array {
  const d = new Float64Array(n);
  let sumS = 0;
  let cntS = 0;
  let sumL = 0;
  let cntL = 0;
  // Values that fill the positions before each window is full (iglu repeats the first full one).
  let firstS = Number.NaN;
  let firstL = Number.NaN;
  for (let i = 0; i < n; i++) {
    // Re-sum from scratch now and then so rounding cannot drift along a year-long segment.
    if (i % 4096 === 0 && i > 0) {
      sumS = 0;
      cntS = 0;
      sumL = 0;
      cntL = 0;
      // The windows as they stand after step i − 1: [i − 32, i − 1] and [i − 5, i − 1].
      for (let k = Math.max(0, i - LONG_MA); k < i; k++) {
        const v = g[s + k]!;
        if (Number.isNaN(v)) continue;
        sumL += v;
        cntL++;
        if (k >= i - SHORT_MA) {
          sumS += v;
          cntS++;
        }
      }
    }
    const v = g[s + i]!;
    if (!Number.isNaN(v)) {
      sumS += v;
      cntS++;
      sumL += v;
      cntL++;
    }
    if (i >= SHORT_MA) {
      const old = g[s + i - SHORT_MA]!;
      if (!Number.isNaN(old)) {
        sumS -= old;
        cntS--;
      }
    }
    if (i >= LONG_MA) {
      const old = g[s + i - LONG_MA]!;
      if (!Number.isNaN(old)) {
        sumL -= old;
        cntL--;
      }
    }
    const maS = cntS > 0 ? sumS / cntS : Number.NaN;
    if (i === SHORT_MA - 1) firstS = maS;
    if (i >= LONG_MA - 1) {
      const maL = cntL > 0 ? sumL / cntL : Number.NaN;
      if (i === LONG_MA - 1) firstL = maL;
      d[i] = cntS === cntL && cntS > 0 ? 0 : maS - maL;
    } else if (i >= SHORT_MA - 1) {
      // Long window not full yet: filled in below once its first value is known.
      d[i] = maS;
    }
  }
  for (let i = 0; i < LONG_MA - 1; i++) d[i] = (i < SHORT_MA - 1 ? firstS : d[i]!) - firstL;
  return d;
}

function segmentSd(g: Float64Array, s: number, e: number): number {
  let sum = 0;
  let cnt = 0;
  for (let i = s; i <= e; i++) {
    const v = g[i]!;
    if (!Number.isNaN(v)) {
      sum += v;
      cnt++;
    }
  }
  if (cnt < 2) return Number.NaN;
  const m = sum / cnt;
  let ss = 0;
  for (let i = s; i <= e; i++) {
    const v = g[i]!;
    if (!Number.isNaN(v)) ss += (v - m) * (v - m);
  }
  return Math.sqrt(ss / (cnt - 1));
}

/** Steps 3–8 for one gap-free-enough segment g[s..e]. */
function mageOfSegment(g: Float64Array, s: number, e: number): MageSegment {
  const n = e - s + 1;
  const na: MageSegment = { first: s, last: e, plus: Number.NaN, minus: Number.NaN, plusFirst: false };
  // 3. Too short or too flat for excursions to mean anything.
  if (n < 7 || n < LONG_MA) return na;
  const sd = segmentSd(g, s, e);
  if (!(sd >= 1)) return na;

  // 4. Short and long moving averages and their difference.
  const d = maDifference(g, s, n);

  // 5. Crossings of the two averages, each typed as bracketing a minimum or a maximum.
  const crossPos: number[] = [0];
  const crossType: number[] = [d[0]! > 0 ? MAX : MIN];
  for (let i = 1; i < n; i++) {
    const gi = g[s + i]!;
    const gp = g[s + i - 1]!;
    const di = d[i]!;
    const dp = d[i - 1]!;
    if (Number.isNaN(gi) || Number.isNaN(gp) || Number.isNaN(di) || Number.isNaN(dp)) continue;
    if (di * dp < 0) {
      crossPos.push(i);
      crossType.push(di < dp ? MIN : MAX);
    } else {
      const dc = d[crossPos[crossPos.length - 1]!]!;
      if (di * dc < 0) {
        crossPos.push(i);
        crossType.push(di < dc ? MIN : MAX);
      }
    }
  }
  crossPos.push(n - 1);
  crossType.push(MIN);

  // 6. One extremum between consecutive crossings, searched from the previous extremum on.
  const C = crossPos.length;
  const K = C - 1;
  const m = new Float64Array(K);
  const at = new Int32Array(K);
  for (let j = 0; j < K; j++) {
    const s1 = j === 0 ? crossPos[0]! : at[j - 1]!;
    const s2 = crossPos[j + 1]!;
    const wantMax = crossType[j] === MAX;
    let best = Number.NaN;
    let bestAt = s1;
    for (let i = s1; i <= s2; i++) {
      const v = g[s + i]!;
      if (Number.isNaN(v)) continue;
      if (Number.isNaN(best) || (wantMax ? v > best : v < best)) {
        best = v;
        bestAt = i;
      }
    }
    m[j] = best;
    at[j] = bestAt;
  }

  // 7a. MAGE+: rises of at least one SD, each measured from the lowest point since the last one.
  let plusSum = 0;
  let plusN = 0;
  let plusPeak = -1;
  {
    let j = 0;
    let lowest = 0; // argmin of m over [p, j], first occurrence
    while (j < K) {
      if (m[j]! - m[lowest]! >= sd) {
        for (let k = j; k < K; k++) {
          if (m[k]! > m[j]!) j = k;
          if (m[k]! - m[j]! < -sd || k === K - 1) {
            if (plusN === 0) plusPeak = at[j]!;
            plusSum += m[j]! - m[lowest]!;
            plusN++;
            j = k;
            lowest = k;
            break;
          }
        }
        // Re-examine position j with the new start p, as iglu's while loop does.
        continue;
      }
      j++;
      if (j < K && m[j]! < m[lowest]!) lowest = j;
    }
  }

  // 7b. MAGE−: the mirror image. As in iglu, the next search starts at the nadir (p = j), not at k.
  let minusSum = 0;
  let minusN = 0;
  let minusPeak = -1;
  {
    let j = 0;
    let highest = 0; // argmax of m over [p, j], first occurrence
    while (j < K) {
      if (m[j]! - m[highest]! <= -sd) {
        let highestSinceNadir = j;
        for (let k = j; k < K; k++) {
          if (m[k]! < m[j]!) {
            j = k;
            highestSinceNadir = k;
          } else if (m[k]! > m[highestSinceNadir]!) highestSinceNadir = k;
          if (m[k]! - m[j]! > sd || k === K - 1) {
            if (minusN === 0) minusPeak = at[highest]!;
            minusSum += m[j]! - m[highest]!;
            minusN++;
            highest = highestSinceNadir;
            j = k;
            break;
          }
        }
        continue;
      }
      j++;
      if (j < K && m[j]! > m[highest]!) highest = j;
    }
  }

  // 8. Mean heights of the segment.
  const plus = plusN > 0 ? plusSum / plusN : Number.NaN;
  const minus = minusN > 0 ? Math.abs(minusSum / minusN) : Number.NaN;
  const plusFirst = plusN > 0 && (minusN === 0 || plusPeak <= minusPeak);
  return { first: s, last: e, plus, minus, plusFirst };
}

/**
 * Steps 1–2: trim the flat 5-minute grid, split it at NA runs longer than 180 minutes and run each
 * segment. Returns the data segments (long-gap segments are NA in iglu and carry no weight).
 * null when the trimmed trace is too short for MAGE.
 */
export function mageSegmentsOfGrid(g: Float64Array): MageSegment[] | null {
  let a = 0;
  let b = g.length - 1;
  while (a <= b && Number.isNaN(g[a]!)) a++;
  while (b >= a && Number.isNaN(g[b]!)) b--;
  const n = b - a + 1;
  if (n < 7 || n < LONG_MA) return null;
  const maxRun = MAX_GAP_MINUTES / MAGE_GRID_MINUTES;
  const segments: MageSegment[] = [];
  let segStart = a;
  let i = a;
  while (i <= b) {
    if (!Number.isNaN(g[i]!)) {
      i++;
      continue;
    }
    let r = i;
    while (r <= b && Number.isNaN(g[r]!)) r++;
    if (r - i > maxRun) {
      segments.push(mageOfSegment(g, segStart, i - 1));
      segStart = r;
    }
    i = r;
  }
  segments.push(mageOfSegment(g, segStart, b));
  return segments;
}

/** Step 9: duration-weighted mean of the segment rows the direction selects. NaN when none. */
export function combineMageSegments(segments: readonly MageSegment[], direction: MageDirection = 'avg'): number {
  let sw = 0;
  let swv = 0;
  const add = (v: number, w: number): void => {
    if (Number.isNaN(v)) return;
    sw += w;
    swv += w * v;
  };
  for (const seg of segments) {
    const w = (seg.last - seg.first) * MAGE_GRID_MINUTES;
    switch (direction) {
      case 'avg':
        add(seg.plus, w);
        add(seg.minus, w);
        break;
      case 'service':
        add(seg.plusFirst ? seg.plus : seg.minus, w);
        break;
      case 'plus':
        add(seg.plus, w);
        break;
      case 'minus':
        add(seg.minus, w);
        break;
      case 'max':
        if (Number.isNaN(seg.plus)) add(seg.minus, w);
        else if (Number.isNaN(seg.minus)) add(seg.plus, w);
        else add(Math.max(seg.plus, seg.minus), w);
        break;
    }
  }
  return sw > 0 ? swv / sw : Number.NaN;
}

export function mageOfGrid(g: Float64Array, direction: MageDirection = 'avg'): number {
  const segs = mageSegmentsOfGrid(g);
  return segs === null ? Number.NaN : combineMageSegments(segs, direction);
}

export interface MageOptions {
  /** IANA zone of the grid's days (only shifts where the grid starts). Required. */
  timeZone: string;
  unit?: GlucoseUnit;
  direction?: MageDirection;
}
