// Render cost of the glucose trace on long data: `pnpm --filter @cgm-portal/charts bench`.
// Prints, for 14, 90 and 365 days of 5-minute readings, the median time of a full static render
// (scales, gap split, min/max downsampling, SVG and data table) and the size of the trace path.
import type { Reading } from '@cgm-portal/glucose-metrics';
import { DateTime } from 'luxon';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bench, describe } from 'vitest';
import { FIXTURE_TIME_ZONE, syntheticReadings } from './fixtures';
import { GlucoseTrace } from './glucose-trace/glucose-trace';

const WIDTH = 1200;
const DAYS = [14, 90, 365] as const;

const data = new Map<number, { readings: Reading[]; start: number; end: number }>();
for (const days of DAYS) {
  const readings = syntheticReadings({ days, seed: days });
  const start = DateTime.fromMillis(readings[0]!.time, { zone: FIXTURE_TIME_ZONE }).startOf('day').toMillis();
  data.set(days, { readings, start, end: start + days * 86_400_000 });
}

function render(days: number): string {
  const { readings, start, end } = data.get(days)!;
  return renderToStaticMarkup(
    createElement(GlucoseTrace, { readings, start, end, unit: 'mg/dL', timeZone: FIXTURE_TIME_ZONE, width: WIDTH, height: 300, print: true }),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// Machine-speed reference: the same renderer on a one-element tree. On a loaded machine every
// figure grows together; compare the chart's time with this one.
const baselineTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  renderToStaticMarkup(createElement('div', null, 'x'));
  baselineTimes.push(performance.now() - t0);
}

const rows = DAYS.map((days) => {
  render(days); // warm-up (JIT, Intl caches)
  const times: number[] = [];
  let html = '';
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    html = render(days);
    times.push(performance.now() - t0);
  }
  const d = /<path d="([^"]*)" fill="none" stroke="url\(#trace-range/.exec(html)?.[1] ?? '';
  return {
    days,
    readings: data.get(days)!.readings.length,
    'render ms (median of 15)': Number(median(times).toFixed(2)),
    'path points': (d.match(/[ML]/g) ?? []).length,
    'path bytes': d.length,
    'svg+table bytes': html.length,
  };
});
console.info(`\nGlucoseTrace static render, ${WIDTH} px wide, NODE_ENV=${process.env.NODE_ENV} (frame budget 16.7 ms):`);
const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
console.info(
  [columns.join(' | '), ...rows.map((r) => columns.map((c) => String(r[c]).padStart(c.length)).join(' | '))].join('\n'),
);
console.info(`Reference: static render of one <div> takes ${median(baselineTimes).toFixed(3)} ms on this machine right now.`);

describe('GlucoseTrace render', () => {
  for (const days of DAYS) {
    bench(`${days} days (${data.get(days)!.readings.length} readings)`, () => {
      render(days);
    }, { iterations: 20, time: 500 });
  }
});
