import { describe, expect, it } from 'vitest';
import { CAT_TARGET_RANGE, DOG_TARGET_RANGE, rangesAround, recommendedTargetRange } from './pet-targets';

describe('recommendedTargetRange', () => {
  it('is species-appropriate for pets and the consensus for people', () => {
    expect(recommendedTargetRange('dog')).toEqual({ low: 100, high: 250 });
    expect(recommendedTargetRange('cat')).toEqual(CAT_TARGET_RANGE);
    expect(recommendedTargetRange(null)).toEqual({ low: 70, high: 180 });
  });
});

describe('rangesAround', () => {
  it('keeps the consensus outer bands for a people target', () => {
    expect(rangesAround({ low: 70, high: 180 })).toEqual({ veryLow: 54, low: 70, high: 180, veryHigh: 250 });
  });
  it('keeps the bands ordered when a target reaches past 250', () => {
    const r = rangesAround(CAT_TARGET_RANGE);
    expect(r.veryLow <= r.low && r.low <= r.high && r.high <= r.veryHigh).toBe(true);
    expect(rangesAround(DOG_TARGET_RANGE)).toEqual({ veryLow: 54, low: 100, high: 250, veryHigh: 400 });
    expect(rangesAround(CAT_TARGET_RANGE).veryHigh).toBe(400);
  });
});
