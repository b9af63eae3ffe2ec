import { describe, expect, it } from 'vitest';
import { TimeSet } from './time-set';

describe('TimeSet', () => {
  it('holds what a Set holds, through growth, for 5-minute instants and odd ones', () => {
    const set = new TimeSet();
    const reference = new Set<number>();
    const start = Date.UTC(2019, 0, 1);
    for (let i = 0; i < 50_000; i++) {
      // Repeats (i % 7) and instants that are not on a minute (i % 11).
      const time = start + (i % 7 === 0 ? i - 1 : i) * 300_000 + (i % 11 === 0 ? 17 : 0);
      expect(set.add(time)).toBe(!reference.has(time));
      reference.add(time);
    }
    expect(set.size).toBe(reference.size);
    for (let i = -10; i < 50_010; i += 3) {
      const time = start + i * 300_000;
      expect(set.has(time)).toBe(reference.has(time));
    }
    expect(set.has(0)).toBe(false);
    expect(set.add(0)).toBe(true);
    expect(set.has(0)).toBe(true);
  });
});
