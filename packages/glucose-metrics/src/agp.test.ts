import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AGP_MIN_DAYS, agpProfile, hasEnoughDataForAgp } from './agp.js';
import type { Reading } from './types.js';

const MIN = 60_000;

/** Readings whose value is the local clock time (minutes after midnight / 10 + 40) in `zone`. */
function clockTrace(zone: string, fromIso: string, days: number): Reading[] {
  const start = DateTime.fromISO(fromIso, { zone }).toMillis();
  const out: Reading[] = [];
  for (let t = start; t < start + days * 86_400_000; t += 5 * MIN) {
    const d = DateTime.fromMillis(t, { zone });
    out.push({ time: t, mgdl: 40 + (d.hour * 60 + d.minute) / 10 });
  }
  return out;
}

describe('agpProfile', () => {
  it('an empty input gives empty slots, not an error', () => {
    const p = agpProfile([], { timeZone: 'UTC' });
    expect(p.days).toBe(0);
    expect(p.bins).toHaveLength(288);
    expect(p.bins[0]).toEqual({ minuteOfDay: 5, count: 0, p5: null, p25: null, p50: null, p75: null, p95: null });
  });

  it('slots follow the wall clock across DST changes (a clock-locked pattern stays flat per slot)', () => {
    const zone = 'Europe/Berlin';
    const r = clockTrace(zone, '2025-03-20T00:00', 20); // spans 30 March, a 23-hour day
    const p = agpProfile(r, { timeZone: zone });
    expect(p.binMinutes).toBe(5);
    for (const b of p.bins) {
      if (b.minuteOfDay === 1440) continue; // 24:00 is the next day's 00:00, value 40
      const want = 40 + b.minuteOfDay / 10;
      // A skipped slot (02:xx) reads one hour later (03:xx), as Luxon and Temporal resolve it.
      if (b.minuteOfDay >= 120 && b.minuteOfDay < 180) continue;
      expect(b.p5, `${b.minuteOfDay}`).toBeCloseTo(want, 9);
      expect(b.p95, `${b.minuteOfDay}`).toBeCloseTo(want, 9);
    }
  });

  it('takes other slot widths and rejects ones that do not divide the day', () => {
    const r = clockTrace('UTC', '2025-01-01T00:00', 6);
    const p = agpProfile(r, { timeZone: 'UTC', binMinutes: 15 });
    expect(p.bins).toHaveLength(96);
    expect(p.bins[3]!.minuteOfDay).toBe(60);
    expect(p.bins[3]!.p50).toBeCloseTo(46, 9);
    expect(() => agpProfile(r, { timeZone: 'UTC', binMinutes: 7 })).toThrow(RangeError);
  });

  it('percentiles are ordered', () => {
    const r = clockTrace('UTC', '2025-01-01T00:00', 6).map((x, i) => ({ ...x, mgdl: x.mgdl + ((i * 37) % 50) }));
    for (const b of agpProfile(r, { timeZone: 'UTC' }).bins) {
      expect(b.p5!).toBeLessThanOrEqual(b.p25!);
      expect(b.p25!).toBeLessThanOrEqual(b.p50!);
      expect(b.p50!).toBeLessThanOrEqual(b.p75!);
      expect(b.p75!).toBeLessThanOrEqual(b.p95!);
    }
  });
});

describe('hasEnoughDataForAgp (spec: at least 5 days of data)', () => {
  it('counts local calendar days with readings', () => {
    expect(AGP_MIN_DAYS).toBe(5);
    const zone = 'America/New_York';
    expect(hasEnoughDataForAgp(clockTrace(zone, '2025-01-01T00:00', 4), { timeZone: zone })).toBe(false);
    expect(hasEnoughDataForAgp(clockTrace(zone, '2025-01-01T00:00', 5), { timeZone: zone })).toBe(true);
    // 4 days starting at noon touch 5 calendar days.
    expect(hasEnoughDataForAgp(clockTrace(zone, '2025-01-01T12:00', 4), { timeZone: zone })).toBe(true);
    expect(hasEnoughDataForAgp([], { timeZone: zone })).toBe(false);
  });
});
