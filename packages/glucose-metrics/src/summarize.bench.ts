/**
 * `pnpm --filter @cgm-portal/glucose-metrics bench`: summarize (every measure: the iglu set, the
 * episodes, the input checks) and agpProfile on 1 month, 3 months and 1 year of 5-minute readings
 * in a DST zone. Targets (issues 3 and 17, 2-core machine): 1 year under 50 ms median, cost linear
 * in the number of readings.
 *
 * Vitest's table does not show the median, so the file also prints its own median table.
 */
import { afterAll, bench, describe } from 'vitest';
import { agpProfile, summarize } from './index.js';
import { syntheticTrace } from './test-support/synthetic-trace.js';

const timeZone = 'America/New_York';
const sizes = [
  { label: '1 month', days: 30 },
  { label: '3 months', days: 91 },
  { label: '1 year', days: 365 },
] as const;
const traces = sizes.map((s) => ({ ...s, trace: syntheticTrace(s.days, { seed: s.days }) }));

function formatTable(rows: Record<string, string | number>[]): string {
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padStart(width[i]!)).join('  ');
  return [line(cols), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join('\n');
}

/** Median and minimum of `runs` timed calls; the minimum shows the cost on an idle machine. */
function timeMs(fn: () => void, runs: number): { median: number; min: number } {
  for (let i = 0; i < 3; i++) fn(); // warm-up: JIT and the zone clock cache
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, min: times[0]! };
}

for (const { label, trace } of traces) {
  describe(`${label} (${trace.time.length} readings)`, () => {
    bench('summarize, all metrics', () => void summarize(trace, { timeZone }), { time: 1000 });
    bench('agpProfile', () => void agpProfile(trace, { timeZone }), { time: 1000 });
  });
}

afterAll(() => {
  const rows = traces.map(({ label, trace }) => {
    const s = timeMs(() => summarize(trace, { timeZone }), 31);
    const a = timeMs(() => agpProfile(trace, { timeZone }), 31);
    return {
      data: label,
      readings: trace.time.length,
      'summarize median ms': s.median.toFixed(2),
      'summarize min ms': s.min.toFixed(2),
      'agpProfile median ms': a.median.toFixed(2),
      'agpProfile min ms': a.min.toFixed(2),
    };
  });
  const perReading = rows.map((r) => (Number(r['summarize median ms']) / r.readings) * 1e6);
  console.info('\nMedian times, 5-minute readings, zone America/New_York:');
  console.info(formatTable(rows));
  console.info(
    `summarize cost per reading, from the median (ns): ${perReading.map((x) => x.toFixed(0)).join(' / ')} — linear growth keeps these flat.`,
  );
});
