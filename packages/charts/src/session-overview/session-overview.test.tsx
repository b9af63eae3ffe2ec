import { cleanup, render, screen, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_START_DATE, FIXTURE_TIME_ZONE, syntheticSessions } from '../fixtures';
import { SessionOverview } from './session-overview';

afterEach(cleanup);

describe('SessionOverview', () => {
  const start = DateTime.fromISO(FIXTURE_START_DATE, { zone: FIXTURE_TIME_ZONE }).minus({ days: 12 }).toMillis();
  const end = DateTime.fromISO(FIXTURE_START_DATE, { zone: FIXTURE_TIME_ZONE }).plus({ days: 28 }).toMillis();

  it('names the chart and lists each session with its state', () => {
    render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={900} />);
    expect(screen.getByRole('figure', { name: 'Sensor sessions' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Sensor sessions' })).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[2]!.textContent).toContain('Expired');
    expect(rows[4]!.textContent).toContain('Initializing');
    expect(rows[4]!.textContent).toContain('Ongoing');
  });

  it('labels the bars with state text, not colour alone', () => {
    const { container } = render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={900} />);
    const texts = Array.from(container.querySelectorAll('svg text')).map((t) => t.textContent ?? '');
    expect(texts.some((t) => t.endsWith('· Expired'))).toBe(true);
    expect(texts.some((t) => t.endsWith('· Initializing'))).toBe(true);
  });
});
