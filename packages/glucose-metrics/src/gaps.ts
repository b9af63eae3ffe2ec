import type { Reading, ReadingsInput } from './types.js';

/** Split time-sorted readings into runs wherever consecutive readings are more than maxGapMs apart. */
export function splitAtGaps(readings: ReadingsInput, maxGapMs: number): Reading[][] {
  void readings;
  void maxGapMs;
  throw new Error('not implemented');
}
