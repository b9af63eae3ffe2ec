import type { Reading, ReadingsInput } from '@cgm-portal/glucose-metrics';
import { clampToSensor, isHi, isLo } from '../units';

/** Columnar view of readings, whichever form the caller passed. */
export interface Series {
  length: number;
  time: ArrayLike<number>;
  mgdl: ArrayLike<number>;
}

export function toSeries(readings: ReadingsInput): Series {
  if ('time' in readings && !Array.isArray(readings)) {
    const cols = readings as { time: ArrayLike<number>; mgdl: ArrayLike<number> };
    return { length: cols.time.length, time: cols.time, mgdl: cols.mgdl };
  }
  const list = readings as readonly Reading[];
  const time = new Float64Array(list.length);
  const mgdl = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) {
    time[i] = list[i]!.time;
    mgdl[i] = list[i]!.mgdl;
  }
  return { length: list.length, time, mgdl };
}

/** First index with time >= t (binary search; times are sorted). */
export function lowerBound(time: ArrayLike<number>, t: number, lo = 0, hi = time.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index ranges [start, end) of runs with no gap longer than maxGapMs, within [from, to]. */
export function gapFreeRuns(series: Series, maxGapMs: number, from = -Infinity, to = Infinity): [number, number][] {
  const first = from === -Infinity ? 0 : lowerBound(series.time, from);
  const last = to === Infinity ? series.length : lowerBound(series.time, to + 1);
  const runs: [number, number][] = [];
  let start = first;
  for (let i = first + 1; i < last; i++) {
    if (series.time[i]! - series.time[i - 1]! > maxGapMs) {
      runs.push([start, i]);
      start = i;
    }
  }
  if (last > first) runs.push([start, last]);
  return runs;
}

/**
 * Indices to draw for one run, at most four per pixel column: the first, the lowest, the highest
 * and the last reading of the column (the "M4" reduction). Extremes are kept exactly, so a single
 * 40 mg/dL reading among thousands still reaches the bottom of the line.
 */
export function downsampleRun(
  series: Series,
  start: number,
  end: number,
  xOf: (time: number) => number,
  columnPx = 1,
): number[] {
  const out: number[] = [];
  if (end - start <= 4) {
    for (let i = start; i < end; i++) out.push(i);
    return out;
  }
  let column = NaN;
  let firstI = -1;
  let minI = -1;
  let maxI = -1;
  let lastI = -1;
  const flush = () => {
    if (firstI < 0) return;
    const picked = [firstI, minI, maxI, lastI].sort((a, b) => a - b);
    for (let k = 0; k < picked.length; k++) if (k === 0 || picked[k] !== picked[k - 1]) out.push(picked[k]!);
  };
  for (let i = start; i < end; i++) {
    const c = Math.floor(xOf(series.time[i]!) / columnPx);
    const v = series.mgdl[i]!;
    if (c !== column) {
      flush();
      column = c;
      firstI = minI = maxI = lastI = i;
    } else {
      if (v < series.mgdl[minI]!) minI = i;
      if (v > series.mgdl[maxI]!) maxI = i;
      lastI = i;
    }
  }
  flush();
  return out;
}

/** A drawn LO or HI run: where it starts and ends in px, and which bound. */
export interface BoundMark {
  kind: 'lo' | 'hi';
  x0: number;
  x1: number;
  /** Index of the first reading of the run, for labels. */
  index: number;
}

export interface TraceGeometry {
  /** SVG path of every gap-free run (several "M" sub-paths). */
  path: string;
  /** Single readings with gaps on both sides, drawn as dots (a path of one point is invisible). */
  isolated: { x: number; y: number; index: number }[];
  /** LO/HI runs drawn at the sensor bounds. */
  bounds: BoundMark[];
  /** Number of points in the path, after downsampling. */
  pointCount: number;
  /** Number of gap-free runs. */
  runCount: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Geometry of a glucose trace: gaps longer than maxGapMs break the line, long series are reduced
 * to at most four points per pixel column (keeping minima and maxima), LO/HI sit at the bounds.
 */
export function traceGeometry(
  series: Series,
  options: { maxGapMs: number; from: number; to: number; x: (time: number) => number; y: (mgdl: number) => number },
): TraceGeometry {
  const { maxGapMs, from, to, x, y } = options;
  const runs = gapFreeRuns(series, maxGapMs, from, to);
  const parts: string[] = [];
  const isolated: TraceGeometry['isolated'] = [];
  const bounds: BoundMark[] = [];
  let pointCount = 0;
  for (const [start, end] of runs) {
    if (end - start === 1) {
      isolated.push({ x: round1(x(series.time[start]!)), y: round1(y(clampToSensor(series.mgdl[start]!))), index: start });
    } else {
      const picked = downsampleRun(series, start, end, x);
      pointCount += picked.length;
      let d = '';
      for (let k = 0; k < picked.length; k++) {
        const i = picked[k]!;
        d += `${k === 0 ? 'M' : 'L'}${round1(x(series.time[i]!))},${round1(y(clampToSensor(series.mgdl[i]!)))}`;
      }
      parts.push(d);
    }
    // LO/HI runs: scanned on the raw readings so none is lost to downsampling.
    let open: BoundMark | null = null;
    for (let i = start; i < end; i++) {
      const v = series.mgdl[i]!;
      const kind = isLo(v) ? 'lo' : isHi(v) ? 'hi' : null;
      if (kind && open && open.kind === kind) {
        open.x1 = x(series.time[i]!);
      } else {
        if (open) bounds.push(open);
        open = kind ? { kind, x0: x(series.time[i]!), x1: x(series.time[i]!), index: i } : null;
      }
    }
    if (open) bounds.push(open);
  }
  return { path: parts.join(''), isolated, bounds, pointCount: pointCount + isolated.length, runCount: runs.length };
}
