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

/** Median of unsorted values (copies). */
export function median(values: ArrayLike<number>): number {
  const s = Float64Array.from(values).sort();
  return quantileSorted(s, 0.5);
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
