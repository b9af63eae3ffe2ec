import { describe, expect, it } from 'vitest';
import { createReportFormat } from './format';

describe('createReportFormat', () => {
  it('writes mg/dL whole and mmol/L with one decimal, converting with the one factor 18', () => {
    expect(createReportFormat('en', 'mg/dL', 'UTC').glucose(153.6)).toBe('154');
    expect(createReportFormat('en', 'mmol/L', 'UTC').glucose(180)).toBe('10.0');
    expect(createReportFormat('en', 'mmol/L', 'UTC').glucose(70)).toBe('3.9');
    expect(createReportFormat('cs', 'mmol/L', 'UTC').glucose(153)).toBe('8,5');
    expect(createReportFormat('en', 'mg/dL', 'UTC').glucose(null)).toBe('—');
  });

  it('keeps Latin digits in right-to-left languages, as the charts do', () => {
    const ar = createReportFormat('ar', 'mg/dL', 'UTC');
    expect(ar.glucose(154)).toBe('154');
    expect(ar.chartLocale).toBe('ar-u-ca-gregory-nu-latn');
    // Persian too: Latin digits and the Gregorian calendar, the table's one choice for screens, charts and print.
    expect(createReportFormat('fa', 'mg/dL', 'UTC').chartLocale).toBe('fa-u-ca-gregory-nu-latn');
  });

  it('writes percentages whole, with one decimal under 1 %', () => {
    const en = createReportFormat('en', 'mg/dL', 'UTC');
    expect(en.percent(74.6)).toBe('75%');
    expect(en.percent(0.62)).toBe('0.6%');
    expect(en.percent(0)).toBe('0%');
  });

  it('writes dates in the member zone, Chinese as YYYY-MM-DD', () => {
    const t = Date.UTC(2026, 2, 1, 23, 30);
    expect(createReportFormat('en', 'mg/dL', 'Europe/Paris').date(t)).toBe('02/03/2026');
    expect(createReportFormat('zh', 'mg/dL', 'Europe/Paris').date(t)).toBe('2026-03-02');
    expect(createReportFormat('en', 'mg/dL', 'Europe/Paris').localDate('2026-03-29')).toBe('29/03/2026');
  });
});
