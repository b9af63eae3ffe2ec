import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticDay, syntheticEvents, syntheticReadings, FIXTURE_START_DATE, FIXTURE_TIME_ZONE } from '../fixtures';
import { GlucoseTrace } from './glucose-trace';

afterEach(cleanup);
const MIN = 60_000;

function tracePath(container: HTMLElement): string {
  const path = container.querySelector('path[stroke^="url(#trace-range"]');
  return path?.getAttribute('d') ?? '';
}

describe('GlucoseTrace', () => {
  const day = syntheticDay();

  it('has an accessible name and a data table alternative', () => {
    render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} labels={{ title: 'Glucose today' }} />);
    expect(screen.getByRole('figure', { name: 'Glucose today' })).toBeTruthy();
    const table = screen.getByRole('table', { name: /^Glucose today\./ });
    // 24 h in 15-minute bins: 96 rows, the gap reads "No sensor data".
    expect(table.querySelectorAll('tr')).toHaveLength(97);
    expect(within(table).getAllByText('No sensor data').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('LO').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('HI').length).toBeGreaterThan(0);
  });

  it('breaks the line at the sensor gap and draws the lone reading as a dot', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} print />);
    const d = tracePath(container);
    // One gap of 100 min with a lone reading inside: the path has two runs, the reading a dot.
    expect(d.match(/M/g)).toHaveLength(2);
    const gapStart = day.start + 14 * 60 * MIN;
    const lone = day.readings.find((r) => r.time > gapStart && r.time < gapStart + 100 * MIN);
    expect(lone).toBeTruthy();
  });

  it('breaks the line for a single missing reading', () => {
    const start = 0;
    const readings = [0, 5, 10, 20, 25].map((m) => ({ time: m * MIN, mgdl: 120 }));
    const { container } = render(<GlucoseTrace readings={readings} start={start} end={30 * MIN} unit="mg/dL" timeZone="UTC" width={600} print />);
    expect(tracePath(container).match(/M/g)).toHaveLength(2);
  });

  it('marks LO and HI readings on the chart', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} print />);
    const texts = Array.from(container.querySelectorAll('svg text')).map((t) => t.textContent);
    expect(texts).toContain('LO');
    expect(texts).toContain('HI');
  });

  it('labels the axis in mmol/L with thresholds', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mmol/L" timeZone={FIXTURE_TIME_ZONE} width={800} height={320} print />);
    const texts = Array.from(container.querySelectorAll('svg text')).map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['3.9', '10.0', 'mmol/L']));
  });

  it('gives every event marker an accessible label', () => {
    const events = syntheticEvents({ days: 1, startDate: FIXTURE_START_DATE });
    render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} events={events} />);
    const markers = screen.getAllByRole('img', { name: /^(Meal|Insulin|Blood glucose|Medication|Weight|Alert|Sport|Calibration), / });
    expect(markers).toHaveLength(events.length);
    expect(screen.getByRole('table', { name: 'Events' })).toBeTruthy();
  });

  it('announces readings when moved through with the keyboard', () => {
    render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} />);
    const group = screen.getByRole('group', { name: /Use the arrow keys/ });
    act(() => group.focus());
    fireEvent.keyDown(group, { key: 'Home' });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toMatch(/mg\/dL$/);
    fireEvent.keyDown(group, { key: 'End' });
    expect(live.textContent).toMatch(/\d/);
  });

  it('renders plain SVG without focus or live region in print', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} print />);
    expect(container.querySelector('[tabindex]')).toBeNull();
    expect(container.querySelector('[aria-live]')).toBeNull();
    // Paper has no screen reader: the hidden data table is left out of print.
    expect(container.querySelector('table')).toBeNull();
  });

  it('keeps the data table for screen readers on screen', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} />);
    expect(container.querySelectorAll('table tbody tr').length).toBeGreaterThan(10);
  });

  it('mirrors the time axis on right-to-left pages', () => {
    const { container } = render(<GlucoseTrace readings={day.readings} start={day.start} end={day.end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={800} direction="rtl" locale="ar" print />);
    const d = tracePath(container);
    const xs = [...d.matchAll(/[ML]([\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs[0]!).toBeGreaterThan(xs[xs.length - 1]!);
    expect(container.querySelector('svg')!.getAttribute('style')).toContain('direction: ltr');
  });

  it('keeps a single 40 mg/dL low visible among 90 days of readings', () => {
    const readings = syntheticReadings({ days: 90, loHi: false, gaps: false });
    const start = readings[0]!.time;
    const end = readings[readings.length - 1]!.time;
    const lowest = (list: typeof readings) => {
      const { container } = render(<GlucoseTrace readings={list} start={start} end={end} unit="mg/dL" timeZone={FIXTURE_TIME_ZONE} width={600} print />);
      const ys = [...tracePath(container).matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
      cleanup();
      return { maxY: Math.max(...ys), points: ys.length };
    };
    const middle = Math.floor(readings.length / 2);
    const without = lowest(readings);
    const withLow = lowest(readings.map((r, i) => (i === middle ? { ...r, mgdl: 40 } : r)));
    expect(readings.length).toBeGreaterThan(25_000);
    // The path is reduced to a few points per pixel column, yet reaches the 40 mg/dL reading.
    expect(withLow.points).toBeLessThan(4 * 600);
    expect(withLow.maxY).toBeGreaterThan(without.maxY);
  });

  it('says "No sensor data" when hovering a gap instead of snapping to a reading', () => {
    const readings = [...[0, 5, 10, 15, 20].map((m) => ({ time: m * MIN, mgdl: 120 })), ...[120, 125, 130].map((m) => ({ time: m * MIN, mgdl: 140 }))];
    const { container } = render(<GlucoseTrace readings={readings} start={0} end={130 * MIN} unit="mg/dL" timeZone="UTC" width={800} />);
    const d = tracePath(container);
    const xs = [...d.matchAll(/([ML])([\d.]+),/g)].map((m) => ({ cmd: m[1], x: Number(m[2]) }));
    const secondRun = xs.findIndex((p, i) => i > 0 && p.cmd === 'M');
    const gapMiddle = (xs[secondRun - 1]!.x + xs[secondRun]!.x) / 2;
    const plot = container.querySelector('path[stroke^="url(#trace-range"]')!.closest('g[transform]')!;
    const left = Number(/translate\(([\d.]+)/.exec(plot.getAttribute('transform')!)![1]);
    const svg = container.querySelector('svg')!;
    fireEvent.pointerMove(svg, { clientX: left + gapMiddle, clientY: 100 });
    const tooltip = Array.from(svg.querySelectorAll('text')).map((t) => t.textContent);
    expect(tooltip).toContain('No sensor data');
    fireEvent.pointerMove(svg, { clientX: left + xs[1]!.x, clientY: 100 });
    expect(Array.from(svg.querySelectorAll('text')).map((t) => t.textContent)).toContain('120 mg/dL');
  });
});
