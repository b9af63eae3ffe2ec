import { describe, expect, it } from 'vitest';
import { gri } from './gri.js';
import { timeAboveRange, timeBelowRange, timeInRange, timeInRanges } from './time-in-range.js';

const at = (values: number[]) => values.map((mgdl, i) => ({ time: Date.UTC(2025, 0, 1) + i * 300_000, mgdl }));

describe('band boundaries (Battelino 2019; iglu in_range / below / above)', () => {
  it('70 and 180 are in range, 54 is Level 1 low, 250 is Level 1 high', () => {
    const p = timeInRanges(at([53.9, 54, 69.9, 70, 180, 180.1, 250, 250.1]));
    const eighth = 100 / 8;
    expect(p.veryLow).toBeCloseTo(eighth, 12); // 53.9
    expect(p.low).toBeCloseTo(2 * eighth, 12); // 54, 69.9
    expect(p.target).toBeCloseTo(2 * eighth, 12); // 70, 180
    expect(p.high).toBeCloseTo(2 * eighth, 12); // 180.1, 250
    expect(p.veryHigh).toBeCloseTo(eighth, 12); // 250.1
  });

  it('threshold functions: inclusive range, strict below and above', () => {
    const r = at([63, 70, 140, 180, 181]);
    expect(timeInRange(r)).toBe(60);
    expect(timeInRange(r, 63, 140)).toBe(60);
    expect(timeBelowRange(r, 70)).toBe(20);
    expect(timeAboveRange(r, 180)).toBe(20);
    expect(timeInRange([])).toBeNull();
  });
});

describe('GRI (Klonoff 2023)', () => {
  it('weights: 10 % < 54 → 30; 10 % 54–69 → 24; 10 % > 250 → 16; 10 % 181–250 → 8', () => {
    const base = new Array(9).fill(120);
    expect(gri(at([...base, 50]))!.gri).toBeCloseTo(30, 12);
    expect(gri(at([...base, 60]))!.gri).toBeCloseTo(24, 12);
    expect(gri(at([...base, 300]))!.gri).toBeCloseTo(16, 12);
    expect(gri(at([...base, 200]))!.gri).toBeCloseTo(8, 12);
    expect(gri(at([...base, 60]))!.hypo).toBeCloseTo(8, 12);
    expect(gri(at([...base, 200]))!.hyper).toBeCloseTo(5, 12);
    expect(gri([])).toBeNull();
  });
});
