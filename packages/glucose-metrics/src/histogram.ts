/**
 * Most CGM traces are whole mg/dL values within a few hundred distinct levels. For those, a count
 * per level turns per-reading work (logarithms, powers, selections) into per-level work: a year of
 * readings then costs a few hundred transcendental calls instead of a few hundred thousand.
 */

/** Largest whole mg/dL value the histogram holds; anything else takes the general path. */
export const HISTOGRAM_MAX_MGDL = 1000;

const cache = new WeakMap<ArrayLike<number>, Uint32Array | null>();

/**
 * Counts per whole mg/dL value 0…HISTOGRAM_MAX_MGDL, or null when any value is fractional or out
 * of that span (mmol/L converted input, for example). Cached per values array.
 */
export function wholeValueHistogram(mgdl: ArrayLike<number>): Uint32Array | null {
  const hit = cache.get(mgdl);
  if (hit !== undefined) return hit;
  let counts: Uint32Array | null = new Uint32Array(HISTOGRAM_MAX_MGDL + 1);
  for (let i = 0; i < mgdl.length; i++) {
    const g = mgdl[i]!;
    // (g | 0) === g: a whole number that fits an int32, faster than Number.isInteger.
    if ((g | 0) !== g || g > HISTOGRAM_MAX_MGDL) {
      counts = null;
      break;
    }
    counts[g]!++;
  }
  cache.set(mgdl, counts);
  return counts;
}

/** The k-th smallest value (0-based) of the values a histogram counts. */
export function kthFromHistogram(counts: Uint32Array, k: number): number {
  let seen = 0;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v]!;
    if (seen > k) return v;
  }
  return Number.NaN;
}
