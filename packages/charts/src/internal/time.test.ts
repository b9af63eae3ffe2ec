import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { timeTicks, zoneOffsetMs } from './time';

const HOUR = 3_600_000;

describe('timeTicks', () => {
  it('puts hour ticks on the local clock across a DST change (Europe/Paris, 29 March 2026)', () => {
    const start = DateTime.fromISO('2026-03-29T00:00', { zone: 'Europe/Paris' }).toMillis();
    const end = DateTime.fromISO('2026-03-30T00:00', { zone: 'Europe/Paris' }).toMillis();
    expect(end - start).toBe(23 * HOUR);
    const ticks = timeTicks(start, end, { timeZone: 'Europe/Paris', locale: 'en-GB', maxTicks: 8 });
    const hours = ticks.map((t) => DateTime.fromMillis(t.time, { zone: 'Europe/Paris' }).hour);
    expect(hours).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 0]);
    expect(ticks[0]!.midnight).toBe(true);
  });

  it('aligns to local hours in a half-hour zone (Asia/Kolkata)', () => {
    const start = Date.UTC(2026, 0, 1, 0, 0);
    const ticks = timeTicks(start, start + 12 * HOUR, { timeZone: 'Asia/Kolkata', locale: 'en', maxTicks: 7 });
    for (const t of ticks) {
      const local = DateTime.fromMillis(t.time, { zone: 'Asia/Kolkata' });
      expect(local.minute).toBe(0);
      expect(local.hour % 2).toBe(0);
    }
  });

  it('steps in local days, weekly on Mondays, for long windows', () => {
    const start = DateTime.fromISO('2026-03-02T00:00', { zone: 'America/New_York' }).toMillis();
    const ticks = timeTicks(start, start + 90 * 24 * HOUR, { timeZone: 'America/New_York', locale: 'en', maxTicks: 16 });
    for (const t of ticks) {
      const local = DateTime.fromMillis(t.time, { zone: 'America/New_York' });
      expect([local.hour, local.minute, local.weekday]).toEqual([0, 0, 1]);
    }
  });

  it('reads zone offsets', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Europe/Paris')).toBe(2 * HOUR);
  });
});
