/**
 * Small numeric helpers shared by the metrics. They follow R's conventions because iglu, the
 * reference implementation, is written in R: sample SD (n − 1), quantile type 7, and
 * round-half-to-even.
 */

export function meanOf(values: ArrayLike<number>, n = values.length): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += values[i]!;
  return s / n;
}

/** Sample standard deviation (n − 1), R's `sd`. NaN for fewer than two values. */
export function sampleSd(values: ArrayLike<number>, n = values.length): number {
  if (n < 2) return Number.NaN;
  const m = meanOf(values, n);
  // Two-pass form: the textbook one-pass formula loses digits on long, flat traces.
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - m;
    ss += d * d;
  }
  return Math.sqrt(ss / (n - 1));
}

/**
 * Quantile of already sorted values, R type 7: linear interpolation at h = (n − 1)p.
 * NaN for an empty input.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number, n = sorted.length): number {
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo]!;
  return a + (h - lo) * (sorted[hi]! - a);
}

/** k-th smallest (0-based) of `a`, reordering `a` in place. Hoare quickselect, O(n) expected. */
export function selectKth(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    // Median of three as pivot keeps sorted input (the usual case for time gaps) linear.
    const mid = (lo + hi) >>> 1;
    const x = a[lo]!;
    const y = a[mid]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * Median of unsorted values (copies; NaN for an empty input). Linear-time selection instead of a
 * sort: the median spacing of a year of readings is needed on every recomputation.
 */
export function median(values: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(values));
}

/** Median that reorders its (scratch) argument instead of copying it. */
export function medianInPlace(a: Float64Array): number {
  const n = a.length;
  if (n === 0) return Number.NaN;
  const hi = selectKth(a, n >> 1);
  if (n % 2 === 1) return hi;
  // The lower middle is the largest value left of the selected one.
  let lo = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n >> 1; i++) if (a[i]! > lo) lo = a[i]!;
  return (lo + hi) / 2;
}

/**
 * R's `round` for the cases that matter here: halves go to the even neighbour (IEC 60559),
 * so round(2.5) = 2 and round(3.5) = 4. iglu rounds the sensor interval this way.
 */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Converts NaN (R's NA) to null for the public results. */
export function naToNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * Sorts a[lo..hi] ascending in place (no NaN expected). A plain quicksort with insertion sort for
 * short runs: on this runtime `Float64Array.prototype.sort` took 15–25 ms for the AGP's 288
 * columns of a year, this about a tenth of that.
 */
export function sortInPlace(a: Float64Array, lo = 0, hi = a.length - 1): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    // Median of three to the middle, as pivot.
    if (a[mid]! < a[lo]!) swap(a, mid, lo);
    if (a[hi]! < a[lo]!) swap(a, hi, lo);
    if (a[hi]! < a[mid]!) swap(a, hi, mid);
    const pivot = a[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // Recurse into the smaller side, loop on the larger: stack depth stays logarithmic.
    if (j - lo < hi - i) {
      sortInPlace(a, lo, j);
      lo = i;
    } else {
      sortInPlace(a, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i]!;
    let k = i - 1;
    while (k >= lo && a[k]! > v) {
      a[k + 1] = a[k]!;
      k--;
    }
    a[k + 1] = v;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
