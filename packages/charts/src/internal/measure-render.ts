// Shared by the benchmarks (bench/render-trace.tsx run by Node, src/render.bench.tsx run by
// Vitest): time static renders of the glucose trace on long synthetic data.
import type { Reading } from '@cgm-portal/glucose-metrics';
import { DateTime } from 'luxon';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import { GlucoseTrace } from '../glucose-trace/glucose-trace';

export const BENCH_WIDTH = 1200;
export const BENCH_DAYS = [14, 90, 365] as const;

export interface BenchData {
  readings: Reading[];
  start: number;
  end: number;
}

export function benchData(days: number): BenchData {
  const readings = syntheticReadings({ days, seed: days });
  const start = DateTime.fromMillis(readings[0]!.time, { zone: FIXTURE_TIME_ZONE }).startOf('day').toMillis();
  return { readings, start, end: start + days * 86_400_000 };
}

/** One full static render: scales, gap split, min/max downsampling, SVG and data table. */
export function renderTrace({ readings, start, end }: BenchData): string {
  return renderToStaticMarkup(
    createElement(GlucoseTrace, { readings, start, end, unit: 'mg/dL', timeZone: FIXTURE_TIME_ZONE, width: BENCH_WIDTH, height: 300, print: true }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Wall time suffers when other processes share the cores; CPU time of this process much less.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Renders each size `runs` times after a warm-up and returns a printable report. */
export function measureTraceRenders(runs = 15): string {
  const rows = BENCH_DAYS.map((days) => {
    const data = benchData(days);
    for (let i = 0; i < 3; i++) renderTrace(data); // warm-up: JIT, Intl caches
    const wall: number[] = [];
    const cpu: number[] = [];
    let html = '';
    for (let i = 0; i < runs; i++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      html = renderTrace(data);
      wall.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
    }
    const d = /<path d="([^"]*)" fill="none" stroke="url\(#trace-range/.exec(html)?.[1] ?? '';
    return [days, data.readings.length, median(wall).toFixed(2), median(cpu).toFixed(2), (d.match(/[ML]/g) ?? []).length, d.length, html.length];
  });
  const reference: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    renderToStaticMarkup(createElement('div', null, 'x'));
    reference.push(performance.now() - t0);
  }
  // React elements carry a _store only in development builds.
  const reactBuild = '_store' in (createElement('div') as object) ? 'development' : 'production';
  const header = ['days', 'readings', 'wall ms (median)', 'cpu ms (median)', 'path points', 'path bytes', 'svg+table bytes'];
  return [
    `GlucoseTrace static render, ${BENCH_WIDTH} px wide, React ${reactBuild} build, ${runs} runs each (frame budget 16.7 ms):`,
    header.join(' | '),
    ...rows.map((r) => r.map((v, i) => String(v).padStart(header[i]!.length)).join(' | ')),
    `Reference: a one-<div> static render takes ${median(reference).toFixed(3)} ms wall on this machine right now.`,
  ].join('\n');
}
