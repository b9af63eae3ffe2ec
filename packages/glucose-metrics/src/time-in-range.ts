import type { GlucoseRanges, RangePercentages, ReadingsInput } from './types.js';

export function timeInRanges(readings: ReadingsInput, ranges?: Partial<GlucoseRanges>): RangePercentages {
  void readings;
  void ranges;
  throw new Error('not implemented');
}
