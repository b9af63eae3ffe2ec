import { describe, expect, it, vi } from 'vitest';
import { reportStatistics } from '../report-statistics';
import { createStatisticsPool } from './statistics-pool';

const DAY = 86_400_000;
const to = Date.UTC(2026, 10, 1);
const from = to - 14 * DAY;
const times = new Float64Array(14 * 288).map((_, i) => from + i * 300_000);
const values = new Uint16Array(times.length).map((_, i) => 130 + Math.round(70 * Math.sin(i / 20)));
const input = { times, values, timeZone: 'America/New_York', targetLow: 70, targetHigh: 180, from, to };

describe('report statistics off the server thread', () => {
  it('gives exactly what computing in place gives, for many reports at once', async () => {
    // The worker answers: computing in place instead says so on the error log.
    const fellBack = vi.spyOn(console, 'error');
    const pool = createStatisticsPool();
    const expected = reportStatistics(input);
    expect(expected.summary?.count).toBe(times.length);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pool(input)));
    for (const answer of answers) expect(answer).toEqual(expected);
    // A member's own range outside the consensus bands falls back to the standard ones there too.
    expect(await pool({ ...input, targetLow: 40 })).toEqual(reportStatistics({ ...input, targetLow: 40 }));
    expect(await pool({ ...input, times: new Float64Array(0), values: new Uint16Array(0) })).toEqual({ summary: null, agp: null });
    expect(fellBack).not.toHaveBeenCalled();
  });
});
