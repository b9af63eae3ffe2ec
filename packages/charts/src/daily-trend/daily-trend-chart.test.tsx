import { dailyProfiles } from '@cgm-portal/glucose-metrics';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_TIME_ZONE, syntheticReadings } from '../fixtures';
import { DailyTrendChart, dailyTrendFromProfiles } from './daily-trend-chart';

afterEach(cleanup);

describe('DailyTrendChart', () => {
  const profiles = dailyProfiles(syntheticReadings({ days: 30 }), { timeZone: FIXTURE_TIME_ZONE });
  const points = dailyTrendFromProfiles(profiles);

  it('has an accessible name and one table row per day', () => {
    render(<DailyTrendChart days={points} unit="mg/dL" width={800} />);
    expect(screen.getByRole('figure', { name: 'Daily glucose trend' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Daily glucose trend (mg/dL)' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getAllByText('LO').length).toBeGreaterThan(0);
  });

  it('breaks the line on a day without data, even one missing from the input', () => {
    const holed = points.filter((_, i) => i !== 10);
    const { container } = render(<DailyTrendChart days={holed} unit="mg/dL" width={800} />);
    const d = container.querySelector('.cgm-trend-line')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(2);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });

  it('shows no data for an empty series', () => {
    const { container } = render(<DailyTrendChart days={[]} unit="mmol/L" width={400} />);
    expect(Array.from(container.querySelectorAll('svg text')).map((t) => t.textContent)).toContain('No data');
  });
});
