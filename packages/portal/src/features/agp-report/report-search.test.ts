import { describe, expect, it } from 'vitest';
import { AGP_DEFAULT_DAYS, daysFromQuery, searchOfDays, validateAgpReportSearch } from './report-search';

describe('the AGP report period in the URL', () => {
  it('reads the picks', () => {
    expect(daysFromQuery({ period: 'days7' })).toBe(7);
    expect(daysFromQuery({ period: 'days30' })).toBe(30);
    expect(daysFromQuery({ period: 'days90' })).toBe(90);
    expect(daysFromQuery({ period: 'days14' })).toBe(14);
  });

  it('opens the standard 14 days for anything unknown or malformed, without an error', () => {
    for (const search of [{}, { period: 'days31' }, { period: 'days030' }, { period: 30 }, { period: '30' }, { period: 'showAll' }, { period: ['days30'] }, { days: 30 }]) {
      expect(daysFromQuery(search), JSON.stringify(search)).toBe(AGP_DEFAULT_DAYS);
      expect(validateAgpReportSearch(search), JSON.stringify(search)).toEqual({ period: undefined });
    }
  });

  it('writes the period back, and nothing for the default one', () => {
    expect(searchOfDays(14)).toEqual({ period: undefined });
    expect(searchOfDays(90)).toEqual({ period: 'days90' });
  });
});
