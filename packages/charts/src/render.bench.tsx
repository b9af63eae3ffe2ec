// Vitest variant of the render benchmark (`pnpm --filter @cgm-portal/charts bench:vitest`); the
// main one, `bench`, runs the same measurement in plain Node (bench/render-trace.tsx).
import { bench, describe } from 'vitest';
import { BENCH_DAYS, benchData, measureTraceRenders, renderTrace } from './internal/measure-render';

console.info(`\n${measureTraceRenders()}`);

describe('GlucoseTrace render', () => {
  for (const days of BENCH_DAYS) {
    const data = benchData(days);
    bench(`${days} days (${data.readings.length} readings)`, () => {
      renderTrace(data);
    }, { iterations: 20, time: 500 });
  }
});
