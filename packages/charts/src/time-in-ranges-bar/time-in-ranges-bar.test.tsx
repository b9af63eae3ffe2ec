import { timeInRanges } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticReadings } from '../fixtures';
import { rangeBoundsText, segmentHeights, TimeInRangesBar } from './time-in-ranges-bar';

afterEach(cleanup);
const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

describe('TimeInRangesBar', () => {
  const percentages = timeInRanges(syntheticReadings({ days: 14 }));

  it('has an accessible name and a table of the five ranges', () => {
    render(<TimeInRangesBar percentages={percentages} unit="mg/dL" width={480} />);
    expect(screen.getByRole('figure', { name: 'Time in ranges' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Time in ranges' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => strip(r.textContent ?? ''));
    expect(rows[0]).toMatch(/^Very high>250/);
    expect(rows[4]).toMatch(/^Very low<54/);
  });

  it('lists the consensus goals with met or not met', () => {
    render(<TimeInRangesBar percentages={{ veryLow: 0.5, low: 2, target: 72, high: 20, veryHigh: 5.5 }} unit="mg/dL" width={480} />);
    expect(screen.getByText('Goals for type 1 and type 2 diabetes')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => strip(li.textContent ?? ''));
    expect(items).toHaveLength(5);
    expect(items[0]).toMatch(/In range 70–180 mg\/dL: 72% \(goal >70%\) — met$/);
    expect(items[4]).toMatch(/Above 250 mg\/dL: 5.5%|Above 250 mg\/dL: 6%/);
    expect(items[4]).toMatch(/not met$/);
  });

  it('uses the older/high-risk goals when asked', () => {
    render(<TimeInRangesBar percentages={percentages} unit="mmol/L" goals="olderHighRisk" width={480} />);
    expect(screen.getByText('Goals for older or high-risk people')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps a tiny very-low share visible', () => {
    const h = segmentHeights({ veryLow: 0.2, low: 0, target: 80, high: 15, veryHigh: 4.8 }, 200);
    expect(h.veryLow).toBe(3);
    expect(h.low).toBe(0);
    expect(h.veryLow + h.low + h.target + h.high + h.veryHigh).toBeCloseTo(200);
  });

  it('writes range bounds in mmol/L as the AGP report does', () => {
    const b = rangeBoundsText({ veryLow: 54, low: 70, high: 180, veryHigh: 250 }, 'mmol/L', 'en');
    expect(Object.values(b).map(strip)).toEqual(['<3.0', '3.0–3.8', '3.9–10.0', '10.1–13.9', '>13.9']);
  });

  it('shows no data without inventing a bar', () => {
    const { container } = render(<TimeInRangesBar percentages={null} unit="mg/dL" width={400} />);
    expect(container.querySelectorAll('rect[fill^="#"]')).toHaveLength(0);
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });
});
