import type { GlucoseSummary, ReadingsInput, SummaryOptions } from './types.js';

export function summarize(readings: ReadingsInput, options: SummaryOptions = {}): GlucoseSummary {
  void readings;
  void options;
  throw new Error('not implemented');
}
