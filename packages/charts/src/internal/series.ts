import type { Reading, ReadingsInput } from '@cgm-portal/glucose-metrics';
import { SENSOR_MAX_MGDL, SENSOR_MIN_MGDL } from '@cgm-portal/glucose-metrics';
import { clampToSensor } from '../units';

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
  const { time, mgdl } = series;
  let column = NaN;
  let firstI = -1;
  let minI = -1;
  let maxI = -1;
  let lastI = -1;
  const flush = () => {
    if (firstI < 0) return;
    // Emit the (up to) four indices once each, in time order.
    const lo = minI < maxI ? minI : maxI;
    const hi = minI < maxI ? maxI : minI;
    out.push(firstI);
    if (lo !== firstI) out.push(lo);
    if (hi !== lo && hi !== firstI) out.push(hi);
    if (lastI !== hi && lastI !== lo && lastI !== firstI) out.push(lastI);
  };
  for (let i = start; i < end; i++) {
    const c = Math.floor(xOf(time[i]!) / columnPx);
    if (c !== column) {
      flush();
      column = c;
      firstI = minI = maxI = lastI = i;
    } else {
      const v = mgdl[i]!;
      if (v < mgdl[minI]!) minI = i;
      if (v > mgdl[maxI]!) maxI = i;
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
      const { time, mgdl } = series;
      // The time scale is linear: map with its affine coefficients rather than a call per point.
      const t0 = time[start]!;
      const x0 = x(t0);
      const tEnd = time[end - 1]!;
      const slope = tEnd === t0 ? 0 : (x(tEnd) - x0) / (tEnd - t0);
      const chunks: string[] = new Array(picked.length);
      for (let k = 0; k < picked.length; k++) {
        const i = picked[k]!;
        chunks[k] = `${k === 0 ? 'M' : 'L'}${round1(x0 + (time[i]! - t0) * slope)},${round1(y(clampToSensor(mgdl[i]!)))}`;
      }
      parts.push(chunks.join(''));
    }
    // LO/HI runs: scanned on the raw readings so none is lost to downsampling.
    let open: BoundMark | null = null;
    for (let i = start; i < end; i++) {
      const v = series.mgdl[i]!;
      const kind = v < SENSOR_MIN_MGDL ? 'lo' : v > SENSOR_MAX_MGDL ? 'hi' : null;
      if (kind === null) {
        if (open) bounds.push(open);
        open = null;
      } else if (open && open.kind === kind) {
        open.x1 = x(series.time[i]!);
      } else {
        if (open) bounds.push(open);
        open = { kind, x0: x(series.time[i]!), x1: x(series.time[i]!), index: i };
      }
    }
    if (open) bounds.push(open);
  }
  return { path: parts.join(''), isolated, bounds, pointCount: pointCount + isolated.length, runCount: runs.length };
}
