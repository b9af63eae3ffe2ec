import { describe, expect, it } from 'vitest';
import { readingsToday } from './monitor-model';

describe('readingsToday', () => {
  it('cuts the day at the member’s midnight, not UTC', () => {
    // 23:30 UTC on the 14th is already the 15th in Shanghai (UTC+8).
    const readings = [
      { time: Date.UTC(2026, 0, 14, 15, 30), mgdl: 90 }, // 23:30 Shanghai, the 14th
      { time: Date.UTC(2026, 0, 14, 16, 30), mgdl: 100 }, // 00:30 Shanghai, the 15th
      { time: Date.UTC(2026, 0, 15, 1, 0), mgdl: 110 },
    ];
    const now = Date.UTC(2026, 0, 15, 2, 0);
    expect(readingsToday(readings, 'Asia/Shanghai', now).map((r) => r.mgdl)).toEqual([100, 110]);
    expect(readingsToday(readings, 'UTC', now).map((r) => r.mgdl)).toEqual([110]);
  });
});
