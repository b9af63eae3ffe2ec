import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { reportPeriod } from './report-period';

describe('reportPeriod', () => {
  it('covers whole local days ending with today in the member zone', () => {
    const now = DateTime.fromISO('2026-11-21T23:30', { zone: 'Asia/Shanghai' }).toMillis();
    const { from, to } = reportPeriod(14, 'Asia/Shanghai', now);
    expect(DateTime.fromMillis(from, { zone: 'Asia/Shanghai' }).toISO()).toBe('2026-11-08T00:00:00.000+08:00');
    expect(DateTime.fromMillis(to, { zone: 'Asia/Shanghai' }).toISO()).toBe('2026-11-22T00:00:00.000+08:00');
  });

  it('cuts days at the member zone, not UTC, across a DST change', () => {
    const now = DateTime.fromISO('2026-03-30T12:00', { zone: 'Europe/London' }).toMillis();
    const { from, to } = reportPeriod(2, 'Europe/London', now);
    // 29 March 2026 has 23 hours in London.
    expect((to - from) / 3_600_000).toBe(47);
  });
});
