import { dailyProfiles } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import { estimateTextWidth } from '../internal/time';
import { DailySmallMultiples } from './daily-small-multiples';

afterEach(cleanup);

describe('DailySmallMultiples', () => {
  const days = dailyProfiles(syntheticReadings({ days: 14 }), { timeZone: FIXTURE_TIME_ZONE });

  it('draws 14 days in two rows of a week with an accessible name and table', () => {
    const { container } = render(<DailySmallMultiples days={days} unit="mg/dL" width={900} />);
    expect(screen.getByRole('figure', { name: 'Daily glucose profiles' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(15);
    expect(container.querySelectorAll('.cgm-day-trace')).toHaveLength(14);
    expect(Number(container.querySelector('svg')!.getAttribute('height'))).toBe(2 * (16 + 72 + 8));
  });

  /** Each day label's row and estimated extent: it is centred over its cell. */
  const dayLabels = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('svg[role="img"] > g:not([aria-hidden]) > text')).map((el) => {
      const [left = 0, top = 0] = ((el.parentElement!.getAttribute('transform') ?? '').match(/[-\d.]+/g) ?? []).map(Number);
      const centre = left + Number(el.getAttribute('x'));
      const w = estimateTextWidth(el.textContent ?? '', 11);
      return { text: el.textContent ?? '', top, from: centre - w / 2, to: centre + w / 2 };
    });

  for (const [locale, direction] of [
    ['en', 'ltr'],
    ['ar', 'rtl'],
    ['zh', 'ltr'],
  ] as const) {
    it(`writes day labels that never run into each other on a 360 px phone (${locale})`, () => {
      const { container } = render(<DailySmallMultiples days={days} unit="mmol/L" width={300} locale={locale} direction={direction} />);
      const labels = dayLabels(container);
      expect(labels).toHaveLength(14);
      const rows = [...new Set(labels.map((l) => l.top))].map((top) => labels.filter((l) => l.top === top).sort((a, b) => a.from - b.from));
      expect(rows.map((r) => r.length)).toEqual([7, 7]);
      for (const row of rows) {
        for (let i = 1; i < row.length; i++) expect(row[i]!.from, `${row[i - 1]!.text} | ${row[i]!.text}`).toBeGreaterThanOrEqual(row[i - 1]!.to);
      }
    });
  }

  it('keeps the weekday in the day labels where they fit', () => {
    const { container } = render(<DailySmallMultiples days={days} unit="mg/dL" width={900} />);
    expect(dayLabels(container)[0]!.text).toMatch(/^(\d{1,2} [A-Z][a-z]{2}|[A-Z][a-z]{2} \d{1,2})$/);
  });

  it('breaks a day at its sensor gap', () => {
    const { container } = render(<DailySmallMultiples days={days} unit="mg/dL" width={900} print />);
    const traces = Array.from(container.querySelectorAll('.cgm-day-trace')).map((p) => p.getAttribute('d')!.match(/M/g)!.length);
    // Fixture day 4 (index 3) has a 100-minute gap, day 2 (index 1) a 20-minute one.
    expect(traces[3]).toBe(2);
    expect(traces[1]).toBe(2);
    expect(traces[0]).toBe(1);
  });
});
