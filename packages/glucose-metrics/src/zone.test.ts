import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { assertZone, localDays, minuteOfLocalDay, wallClockTime, ZoneClock } from './zone.js';

const H = 3_600_000;

describe('ZoneClock', () => {
  it.each([
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe', // 30-minute DST
    'America/Santiago', // clocks change at midnight
    'Pacific/Chatham',
    'Asia/Kathmandu',
    'Etc/GMT+5',
    'UTC',
  ])('offsets agree with Luxon every ~5 hours over two years in %s', (zone) => {
    const from = Date.UTC(2024, 0, 1);
    const to = Date.UTC(2026, 0, 1);
    const clock = new ZoneClock(zone, from, to);
    const z = IANAZone.create(zone);
    for (let t = from; t <= to; t += 5 * H - 7_000) expect(clock.offsetAt(t)).toBe(z.offset(t));
  });

  it('rejects unknown zones', () => {
    expect(() => assertZone('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('local days', () => {
  const zone = 'America/New_York';
  const days = localDays(Date.UTC(2025, 2, 8, 12), Date.UTC(2025, 10, 3, 12), zone);

  it('spring-forward day is 23 h, fall-back day 25 h, midnights as Luxon says', () => {
    const i = days.dates.indexOf('2025-03-09');
    const j = days.dates.indexOf('2025-11-02');
    expect(days.starts[i + 1]! - days.starts[i]!).toBe(23 * H);
    expect(days.starts[j + 1]! - days.starts[j]!).toBe(25 * H);
    expect(days.regular).toBe(false);
    days.dates.forEach((d, k) => {
      expect(days.starts[k]).toBe(DateTime.fromISO(d, { zone }).startOf('day').toMillis());
    });
  });

  it('wall-clock slots: a skipped time moves forward, a repeated one takes its first occurrence', () => {
    const i = days.dates.indexOf('2025-03-09');
    expect(DateTime.fromMillis(wallClockTime(days, i, 150), { zone }).toFormat('HH:mm')).toBe('03:30');
    const j = days.dates.indexOf('2025-11-02');
    const t = wallClockTime(days, j, 90);
    expect(DateTime.fromMillis(t, { zone }).toFormat('HH:mm ZZZZ')).toBe('01:30 EDT');
    let prev = -Infinity;
    for (let m = 0; m <= 1440; m += 5) {
      const x = wallClockTime(days, j, m);
      expect(x).toBeGreaterThanOrEqual(prev);
      prev = x;
    }
  });

  it('minute of the local day follows the clock on DST days', () => {
    const j = days.dates.indexOf('2025-11-02');
    const t = DateTime.fromISO('2025-11-02T13:20', { zone }).toMillis();
    expect(minuteOfLocalDay(days, j, t)).toBe(13 * 60 + 20);
  });

  it('a zone whose midnight does not exist starts that day at 01:00 (America/Santiago)', () => {
    const d = localDays(Date.UTC(2024, 8, 7, 12), Date.UTC(2024, 8, 9, 12), 'America/Santiago');
    const k = d.dates.indexOf('2024-09-08');
    expect(DateTime.fromMillis(d.starts[k]!, { zone: 'America/Santiago' }).toFormat('yyyy-MM-dd HH:mm')).toBe(
      '2024-09-08 01:00',
    );
  });
});
