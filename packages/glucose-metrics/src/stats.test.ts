import { describe, expect, it } from 'vitest';
import { median, quantileSorted, roundHalfEven, sampleSd, sortInPlace } from './stats.js';

describe('R conventions', () => {
  it('roundHalfEven rounds halves to the even neighbour, like R', () => {
    expect([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.4999, 2.5001].map(roundHalfEven)).toEqual([0, 2, 2, 4, 0, -2, 2, 3]);
  });

  it('quantile type 7 matches R (quantile(1:10, c(.05,.25,.5,.95)))', () => {
    const x = Float64Array.from({ length: 10 }, (_, i) => i + 1);
    expect(quantileSorted(x, 0.05)).toBeCloseTo(1.45, 12);
    expect(quantileSorted(x, 0.25)).toBeCloseTo(3.25, 12);
    expect(quantileSorted(x, 0.5)).toBeCloseTo(5.5, 12);
    expect(quantileSorted(x, 0.95)).toBeCloseTo(9.55, 12);
    expect(quantileSorted(new Float64Array([7]), 0.95)).toBe(7);
    expect(quantileSorted(new Float64Array(0), 0.5)).toBeNaN();
  });

  it('median by selection equals the median of the sorted values', () => {
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const n of [1, 2, 3, 4, 5, 10, 101, 1000, 1001]) {
      for (const kind of ['random', 'sorted', 'reversed', 'ties']) {
        const v = Array.from({ length: n }, (_, i) =>
          kind === 'random' ? rand() * 100 : kind === 'sorted' ? i : kind === 'reversed' ? n - i : i % 3,
        );
        const s = [...v].sort((a, b) => a - b);
        const want = n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
        expect(median(v), `${kind} n=${n}`).toBe(want);
      }
    }
    expect(median([])).toBeNaN();
  });

  it('sortInPlace sorts like Array.prototype.sort, on random, sorted, reversed and tied input', () => {
    let seed = 3;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const n of [0, 1, 2, 17, 100, 365, 5000]) {
      for (const kind of ['random', 'sorted', 'reversed', 'ties']) {
        const v = Float64Array.from({ length: n }, (_, i) =>
          kind === 'random' ? rand() * 300 : kind === 'sorted' ? i : kind === 'reversed' ? n - i : i % 4,
        );
        const want = Array.from(v).sort((a, b) => a - b);
        sortInPlace(v);
        expect(Array.from(v), `${kind} n=${n}`).toEqual(want);
      }
    }
  });

  it('sample SD uses n − 1', () => {
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleSd([5])).toBeNaN();
  });
});
