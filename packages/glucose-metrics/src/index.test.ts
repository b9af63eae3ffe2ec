import { describe, expect, it } from 'vitest';
import { MGDL_PER_MMOL, mgdlToMmol, mmolToMgdl, DEFAULT_RANGES } from './index.js';

describe('units', () => {
  it('uses the spec factor 18 both ways', () => {
    expect(MGDL_PER_MMOL).toBe(18);
    expect(mmolToMgdl(10)).toBe(180);
    expect(mgdlToMmol(mmolToMgdl(3.9))).toBeCloseTo(3.9, 12);
    expect(DEFAULT_RANGES).toEqual({ veryLow: 54, low: 70, high: 180, veryHigh: 250 });
  });
});
