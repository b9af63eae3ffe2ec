import { describe, expect, it } from 'vitest';
import { downsampleRun, gapFreeRuns, toSeries, traceGeometry } from './series';

const MIN = 60_000;
const readings = (values: number[], stepMin = 5, t0 = 0) => values.map((mgdl, i) => ({ time: t0 + i * stepMin * MIN, mgdl }));

describe('gapFreeRuns', () => {
  it('breaks wherever consecutive readings are further apart than the limit', () => {
    const r = [...readings([100, 110, 120]), ...readings([130, 140], 5, 60 * MIN)];
    expect(gapFreeRuns(toSeries(r), 7.5 * MIN)).toEqual([
      [0, 3],
      [3, 5],
    ]);
  });
  it('does not break on jitter within the limit', () => {
    const r = [0, 5.4, 10, 14.8, 20].map((m) => ({ time: m * MIN, mgdl: 100 }));
    expect(gapFreeRuns(toSeries(r), 7.5 * MIN)).toEqual([[0, 5]]);
  });
  it('breaks on a single missed 5-minute reading', () => {
    const r = [0, 5, 15, 20].map((m) => ({ time: m * MIN, mgdl: 100 }));
    expect(gapFreeRuns(toSeries(r), 7.5 * MIN)).toHaveLength(2);
  });
});

describe('downsampleRun', () => {
  it('keeps the minimum and maximum of every pixel column', () => {
    // 25,920 readings (90 days of 5-minute data) on 1,000 px: ~26 readings per column.
    const n = 25_920;
    const values = Array.from({ length: n }, (_, i) => 120 + 40 * Math.sin(i / 50));
    values[12_345] = 40;
    values[20_000] = 400;
    const series = toSeries(readings(values));
    const x = (t: number) => (t / (n * 5 * MIN)) * 1000;
    const picked = downsampleRun(series, 0, n, x);
    expect(picked.length).toBeLessThanOrEqual(4 * 1001);
    expect(picked).toContain(12_345);
    expect(picked).toContain(20_000);
    // Every column keeps its own extremes.
    const byColumn = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const c = Math.floor(x(series.time[i]!));
      byColumn.set(c, [...(byColumn.get(c) ?? []), i]);
    }
    for (const indices of byColumn.values()) {
      const vals = indices.map((i) => series.mgdl[i]!);
      const min = Math.min(...vals);
      const max = Math.max(...vals);
      const kept = indices.filter((i) => picked.includes(i)).map((i) => series.mgdl[i]!);
      expect(kept).toContain(min);
      expect(kept).toContain(max);
    }
    // Still in time order.
    expect([...picked].sort((a, b) => a - b)).toEqual(picked);
  });
});

describe('traceGeometry', () => {
  const y = (v: number) => 400 - v;
  it('draws one sub-path per gap-free run and a dot for a lone reading', () => {
    const r = [...readings([100, 110, 120]), { time: 60 * MIN, mgdl: 150 }, ...readings([130, 140], 5, 120 * MIN)];
    const g = traceGeometry(toSeries(r), { maxGapMs: 7.5 * MIN, from: 0, to: 200 * MIN, x: (t) => t / MIN, y });
    expect(g.path.match(/M/g)).toHaveLength(2);
    expect(g.isolated).toEqual([{ x: 60, y: 250, index: 3 }]);
    expect(g.runCount).toBe(3);
  });
  it('puts LO and HI on the sensor bounds and reports them', () => {
    const r = readings([39, 39, 80, 401, 120]);
    const g = traceGeometry(toSeries(r), { maxGapMs: 7.5 * MIN, from: 0, to: 100 * MIN, x: (t) => t / MIN, y });
    expect(g.path).toBe('M0,360L5,360L10,320L15,0L20,280');
    expect(g.bounds.map((b) => [b.kind, b.x0, b.x1])).toEqual([
      ['lo', 0, 5],
      ['hi', 15, 15],
    ]);
  });
});
