import { cleanup, render, screen, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_START_DATE, FIXTURE_TIME_ZONE, syntheticSessions } from '../fixtures';
import { SessionOverview, sessionTimelineRows, type SensorSession } from './session-overview';

afterEach(cleanup);

const DAY = 86_400_000;

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

  it('draws one row per sensor, its state written beside its bar and closed by its own shape', () => {
    const { container } = render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={900} />);
    const rows = Array.from(container.querySelectorAll('[data-session-row]'));
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['ended', 'expired', 'ended', 'initializing']);
    expect(rows.map((r) => r.textContent)).toEqual(['SN 3MH0012AEnded', 'SN 3MH0019CExpired', 'SN 3MH0027FEnded', 'SN 3MH0031BInitializing']);
    const bar = (id: string) => container.querySelector(`[data-session="${id}"]`)!;
    // Expired ends in a crossed circle, ended in a square stop, a running session in an arrow.
    expect(bar('S-1002').querySelector('circle')).not.toBeNull();
    expect(bar('S-1003').querySelector('circle')).toBeNull();
    expect(bar('S-1003').querySelectorAll('rect').length).toBeGreaterThan(1);
    expect(bar('S-1004').querySelector('path')).not.toBeNull();
    // Every bar has a width: no session is reduced to a lone marker.
    for (const id of ['S-1001', 'S-1002', 'S-1003']) expect(Number(bar(id).querySelector('rect')!.getAttribute('width'))).toBeGreaterThan(50);
  });

  it("ends a running session's arrow at now, inside the axis when now is its end", () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const { container } = render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={900} direction={direction} />);
      const axis = Array.from(container.querySelectorAll('line')).find((l) => l.getAttribute('x1') === '0' && l.getAttribute('y1') === l.getAttribute('y2'))!;
      const plotWidth = Number(axis.getAttribute('x2'));
      const d = container.querySelector('[data-session="S-1004"] path')!.getAttribute('d')!;
      const [, baseX, dx] = /^M([-\d.]+),[-\d.]+l([-\d.]+),/.exec(d)!.map(Number);
      const tip = baseX! + dx!;
      // The head points forward in time and its tip is the axis end ("now"), not 8 px past it.
      expect(tip).toBeCloseTo(direction === 'ltr' ? plotWidth : 0);
      expect(Math.min(baseX!, tip)).toBeGreaterThanOrEqual(0);
      expect(Math.max(baseX!, tip)).toBeLessThanOrEqual(plotWidth);
      cleanup();
    }
  });

  it('mirrors in right-to-left: later times lie to the left and names sit on the right', () => {
    const { container } = render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={900} direction="rtl" />);
    const first = Number(container.querySelector('[data-session="S-1001"] rect')!.getAttribute('x'));
    const third = Number(container.querySelector('[data-session="S-1003"] rect')!.getAttribute('x'));
    expect(third).toBeLessThan(first);
    const name = container.querySelector('[data-session-row="S-1001"] text')!;
    expect(name.getAttribute('text-anchor')).toBe('end');
    expect(Number(name.getAttribute('x'))).toBe(900);
  });

  it('keeps tick labels apart at 360 px', () => {
    const { container } = render(<SessionOverview sessions={syntheticSessions()} start={start} end={end} timeZone={FIXTURE_TIME_ZONE} width={360} />);
    const xs = Array.from(container.querySelectorAll('g[aria-hidden] text')).map((t) => Number(t.getAttribute('x')));
    expect(xs.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThan(40);
  });

  it('says so in words when no session touches the window', () => {
    const { container } = render(<SessionOverview sessions={syntheticSessions().filter((x) => x.end !== null)} start={end + 30 * DAY} end={end + 44 * DAY} now={end + 44 * DAY} timeZone={FIXTURE_TIME_ZONE} width={600} labels={{ empty: 'Nothing here' }} />);
    expect(container.querySelector('svg')!.textContent).toContain('Nothing here');
  });
});

describe('sessionTimelineRows', () => {
  const s = (id: string, startDay: number, endDay: number | null, status: SensorSession['status'] = 'expired'): SensorSession => ({ id, start: startDay * DAY, warmupEnd: startDay * DAY + 3_600_000, end: endDay === null ? null : endDay * DAY, status });

  it('leaves out sessions wholly outside the window and cuts the others at its edges', () => {
    const rows = sessionTimelineRows([s('old', 0, 14), s('crossing', 10, 24), s('inside', 24, 30, 'ended'), s('running', 30, null, 'active')], 14.5 * DAY, 40 * DAY, 35 * DAY);
    expect(rows.map((r) => r.session.id)).toEqual(['crossing', 'inside', 'running']);
    expect(rows[0]).toMatchObject({ from: 14.5 * DAY, to: 24 * DAY, cutAtStart: true, running: false });
    expect(rows[2]).toMatchObject({ from: 30 * DAY, to: 35 * DAY, running: true });
  });
});
