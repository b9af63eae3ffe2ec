import { dailyProfiles } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
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

  it('breaks a day at its sensor gap', () => {
    const { container } = render(<DailySmallMultiples days={days} unit="mg/dL" width={900} print />);
    const traces = Array.from(container.querySelectorAll('.cgm-day-trace')).map((p) => p.getAttribute('d')!.match(/M/g)!.length);
    // Fixture day 4 (index 3) has a 100-minute gap, day 2 (index 1) a 20-minute one.
    expect(traces[3]).toBe(2);
    expect(traces[1]).toBe(2);
    expect(traces[0]).toBe(1);
  });
});
