import { describe, expect, it } from 'vitest';
import { customSpan, periodSpan, todaySpan, validateCustomRange } from './periods';

const zone = 'Europe/London';
// 15 June 2026, 12:00 in London (BST, UTC+1).
const now = Date.UTC(2026, 5, 15, 11, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('periodSpan', () => {
  it('cuts whole local days ending with today', () => {
    const span = periodSpan({ pick: 'days7' }, now, zone);
    expect(iso(span.from)).toBe('2026-06-08T23:00:00.000Z');
    expect(iso(span.to)).toBe('2026-06-15T23:00:00.000Z');
  });
  it('keeps the same span all day, so the cache key is stable', () => {
    expect(periodSpan({ pick: 'days14' }, now, zone)).toEqual(periodSpan({ pick: 'days14' }, now + 5 * 3600_000, zone));
  });
  it('counts calendar months and years', () => {
    expect(iso(periodSpan({ pick: 'last3Months' }, now, zone).from)).toBe('2026-03-16T00:00:00.000Z');
    expect(iso(periodSpan({ pick: 'lastYear' }, now, zone).from)).toBe('2025-06-15T23:00:00.000Z');
  });
  it('asks for no more than one readings call may carry, across DST changes too', () => {
    for (const at of [now, Date.UTC(2026, 10, 22, 1)]) {
      const span = periodSpan({ pick: 'showAll' }, at, zone);
      expect(span.to - span.from).toBeLessThanOrEqual(400 * 86_400_000);
      expect(span.to - span.from).toBeGreaterThan(398 * 86_400_000);
    }
  });
  it('uses the member zone, not the browser one', () => {
    const shanghai = periodSpan({ pick: 'days7' }, now, 'Asia/Shanghai');
    expect(iso(shanghai.to)).toBe('2026-06-15T16:00:00.000Z');
  });
});

describe('custom ranges', () => {
  it('includes both dates', () => {
    const span = customSpan('2026-06-01', '2026-06-02', zone)!;
    expect((span.to - span.from) / 3600_000).toBe(48);
  });
  it('are validated with translated messages', () => {
    expect(validateCustomRange('', '2026-06-02', zone)).toBe('validation.selectDateRange');
    expect(validateCustomRange('2026-06-03', '2026-06-02', zone)).toBe('validation.dateRangeOrder');
    expect(validateCustomRange('2026-06-01', '2026-06-02', zone)).toBeNull();
  });
});

describe('todaySpan', () => {
  it('reaches back one day for the 24-hour window', () => {
    const span = todaySpan(now, zone);
    expect(iso(span.startOfToday)).toBe('2026-06-14T23:00:00.000Z');
    expect(span.to - span.from).toBe(48 * 3600_000);
  });
});
