import type { DailyProfile, ReadingsInput, SummaryOptions, TimeZoneOptions } from './types.js';

export function dailyProfiles(
  readings: ReadingsInput,
  options: TimeZoneOptions & Omit<SummaryOptions, 'timeZone'>,
): DailyProfile[] {
  void readings;
  void options;
  throw new Error('not implemented');
}
