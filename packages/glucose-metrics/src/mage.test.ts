import { describe, expect, it } from 'vitest';
import { maDifference, mageOfGrid } from './mage.js';
import { mage } from './mage-api.js';

/** A UTC midnight: the grid's days start there, as they did at epoch 0 before times had to be real epoch ms. */
const T0 = Date.UTC(2025, 0, 1);
const UTC = { timeZone: 'UTC' };
import { syntheticTrace } from './test-support/synthetic-trace.js';

/** The moving means written the obvious way (fresh sum per window), to check the running sums. */
function naiveDifference(g: Float64Array): Float64Array {
  const mean = (i: number, w: number): number => {
    let s = 0;
    let c = 0;
    for (let k = i - w + 1; k <= i; k++) {
      if (!Number.isNaN(g[k]!)) {
        s += g[k]!;
        c++;
      }
    }
    return c > 0 ? s / c : Number.NaN;
  };
  const d = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) d[i] = mean(Math.max(i, 4), 5) - mean(Math.max(i, 31), 32);
  return d;
}

describe('MAGE moving averages', () => {
  it('running sums agree with fresh sums over a long segment with gaps (re-summing every 4096 points)', () => {
    const n = 20_000;
    const g = new Float64Array(n);
    for (let i = 0; i < n; i++) g[i] = 120 + 60 * Math.sin(i / 37) + ((i * 7919) % 13);
    for (let i = 5000; i < 5030; i++) g[i] = Number.NaN;
    for (let i = 12_000; i < 12_003; i++) g[i] = Number.NaN;
    const fast = maDifference(g, 0, n);
    const slow = naiveDifference(g);
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(slow[i]!)) expect(fast[i]).toBeNaN();
      else expect(Math.abs(fast[i]! - slow[i]!)).toBeLessThan(1e-9);
    }
  });

  it('D is exactly 0 where both windows hold the same readings (after a gap)', () => {
    const g = new Float64Array(80).fill(Number.NaN);
    for (let i = 0; i < 40; i++) g[i] = 100 + i;
    g[75] = 182.8;
    g[76] = 179.3;
    const d = maDifference(g, 0, 80);
    expect(d[75]).toBe(0);
    expect(d[76]).toBe(0);
  });
});

describe('MAGE', () => {
  it('is NA (null) for short or flat traces, as iglu', () => {
    expect(mage([], UTC)).toBeNull();
    const flat = Array.from({ length: 100 }, (_, i) => ({ time: T0 + i * 300_000, mgdl: 120 }));
    expect(mage(flat, UTC)).toBeNull();
    const short = Array.from({ length: 20 }, (_, i) => ({ time: T0 + i * 300_000, mgdl: 100 + 10 * (i % 5) }));
    expect(mage(short, UTC)).toBeNull();
  });

  it('a triangle wave between 80 and 200 gives 120', () => {
    // Starts at 00:05, the grid's first point (iglu's grid runs 00:05 … 24:00).
    const r = Array.from({ length: 2001 }, (_, i) => ({ time: T0 + (i + 1) * 300_000, mgdl: 80 + 1.2 * Math.abs((i % 200) - 100) }));
    expect(mage(r, UTC)).toBeCloseTo(120, 9);
  });

  it('a perfect square wave has no crossing (D is exactly 0 on every plateau), so NA as in iglu', () => {
    const r = Array.from({ length: 2000 }, (_, i) => ({ time: T0 + i * 300_000, mgdl: Math.floor(i / 100) % 2 ? 200 : 80 }));
    expect(mage(r, UTC)).toBeNull();
  });

  it('scales linearly: a gap-free year costs about 26× two weeks, not 676× (iglu: 337 s)', () => {
    const time = (days: number): number => {
      const tr = syntheticTrace(days, { gaps: false, seed: days });
      const g = Float64Array.from(tr.mgdl);
      mageOfGrid(g);
      // The minimum of several runs: other jobs on a shared CI machine only ever add time.
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        mageOfGrid(g);
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    const small = time(14);
    const year = time(365);
    expect(year).toBeLessThan(Math.max(80 * small, 40));
  }, 30_000);
});
