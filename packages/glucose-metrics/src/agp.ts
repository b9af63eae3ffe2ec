import type { AgpOptions, AgpProfile, ReadingsInput, TimeZoneOptions } from './types.js';

/** Spec §5/§9: "AGP report needs at least 5 days of data". */
export const AGP_MIN_DAYS = 5;

export function agpProfile(readings: ReadingsInput, options: AgpOptions): AgpProfile {
  void readings;
  void options;
  throw new Error('not implemented');
}

export function hasEnoughDataForAgp(readings: ReadingsInput, options: TimeZoneOptions): boolean {
  void readings;
  void options;
  throw new Error('not implemented');
}
