import type { GlucoseRanges, HourBlockRanges, ReadingsInput } from './types.js';

export function timeInRangesByHour(
  readings: ReadingsInput,
  options: { timeZone: string; hours?: number; ranges?: Partial<GlucoseRanges> },
): HourBlockRanges[] {
  void readings;
  void options;
  throw new Error('not implemented');
}
