import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD } from '../glucose/period-picks';
import { periodFromQuery, searchOfPeriod, validateGlucoseReportSearch } from './report-search';

const none = { period: undefined, fromDate: undefined, toDate: undefined };

describe('the glucose report period in the URL', () => {
  it('reads every quick pick and a custom range', () => {
    expect(periodFromQuery({ period: 'days30' })).toEqual({ pick: 'days30' });
    expect(periodFromQuery({ period: 'showAll' })).toEqual({ pick: 'showAll' });
    expect(periodFromQuery({ period: 'custom', fromDate: '2026-01-01', toDate: '2026-01-14' })).toEqual({
      pick: 'custom',
      fromDate: '2026-01-01',
      toDate: '2026-01-14',
    });
    expect(periodFromQuery({ period: 'custom', fromDate: '2026-01-01', toDate: '2026-01-01' })).toEqual({ pick: 'custom', fromDate: '2026-01-01', toDate: '2026-01-01' });
  });

  it('opens the default period for anything unknown or malformed, without an error', () => {
    for (const search of [
      {},
      { period: 'days31' },
      { period: 'DAYS30' },
      { period: 30 },
      { period: ['days30'] },
      { period: { pick: 'days30' } },
      { period: 'custom' },
      { period: 'custom', fromDate: '2026-01-14', toDate: '2026-01-01' },
      { period: 'custom', fromDate: '2026-02-30', toDate: '2026-03-02' },
      { period: 'custom', fromDate: '2026-1-1', toDate: '2026-01-14' },
      { period: 'custom', fromDate: 20260101, toDate: '2026-01-14' },
      { period: 'custom', fromDate: '2024-01-01', toDate: '2026-01-14' },
      { fromDate: '2026-01-01', toDate: '2026-01-14' },
    ]) {
      expect(periodFromQuery(search), JSON.stringify(search)).toEqual(DEFAULT_PERIOD);
      expect(validateGlucoseReportSearch(search), JSON.stringify(search)).toEqual(none);
    }
  });

  it('accepts a custom range as long as one readings call and no longer', () => {
    expect(periodFromQuery({ period: 'custom', fromDate: '2025-01-01', toDate: '2026-02-04' }).pick).toBe('custom'); // 400 days
    expect(periodFromQuery({ period: 'custom', fromDate: '2025-01-01', toDate: '2026-02-05' })).toEqual(DEFAULT_PERIOD);
  });

  it('writes the period back, and nothing for the default one', () => {
    expect(searchOfPeriod(DEFAULT_PERIOD)).toEqual(none);
    expect(searchOfPeriod({ pick: 'lastYear' })).toEqual({ ...none, period: 'lastYear' });
    expect(searchOfPeriod({ pick: 'custom', fromDate: '2026-01-01', toDate: '2026-01-14' })).toEqual({ period: 'custom', fromDate: '2026-01-01', toDate: '2026-01-14' });
  });

  it('overwrites every raw key, so a malformed value cannot reach the screen', () => {
    expect(Object.keys(validateGlucoseReportSearch({ period: 'nonsense', fromDate: 'x', toDate: 'y' })).sort()).toEqual(['fromDate', 'period', 'toDate']);
    expect(validateGlucoseReportSearch({ period: 'days7', fromDate: '2026-01-01', toDate: '2026-01-14' })).toEqual({ ...none, period: 'days7' });
  });
});
