import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, formatNumber, formatPercent, formatTime } from './format';

// 2024-03-05T23:30:00Z: still 5 March in London, already 6 March in Shanghai.
const MOMENT = Date.UTC(2024, 2, 5, 23, 30);

describe('date formats (spec §9)', () => {
  it('writes DD/MM/YYYY, and YYYY-MM-DD in Chinese', () => {
    expect(formatDate(MOMENT, { zone: 'Europe/London', lang: 'en' })).toBe('05/03/2024');
    expect(formatDate(MOMENT, { zone: 'Asia/Shanghai', lang: 'fr' })).toBe('06/03/2024');
    expect(formatDate(MOMENT, { zone: 'Asia/Shanghai', lang: 'zh' })).toBe('2024-03-06');
  });

  it('writes DD/MM/YYYY HH:mm, and YYYY-MM-DD HH:mm in Chinese, in the member zone', () => {
    expect(formatDateTime(MOMENT, { zone: 'UTC', lang: 'cs' })).toBe('05/03/2024 23:30');
    expect(formatDateTime(MOMENT, { zone: 'Asia/Shanghai', lang: 'zh' })).toBe('2024-03-06 07:30');
  });

  it('keeps Latin digits in right-to-left languages', () => {
    expect(formatDateTime(MOMENT, { zone: 'Asia/Tehran', lang: 'fa' })).toBe('06/03/2024 03:00');
    expect(formatTime(MOMENT, { zone: 'UTC', lang: 'ar' })).toBe('23:30');
  });

  it('writes HH:mm on a 24-hour clock', () => {
    expect(formatTime(Date.UTC(2024, 0, 1, 13, 5), { zone: 'UTC', lang: 'en' })).toBe('13:05');
  });

  it('throws on an unknown zone rather than showing a wrong day', () => {
    expect(() => formatDate(MOMENT, { zone: 'Mars/Olympus', lang: 'en' })).toThrow(RangeError);
  });
});

describe('numbers', () => {
  it('uses the language decimal separator', () => {
    expect(formatNumber(7.25, 'en', { maximumFractionDigits: 1 })).toBe('7.3');
    expect(formatNumber(7.25, 'cs', { maximumFractionDigits: 1 })).toBe('7,3');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(6.1, 'ar')).toMatch(/^6[.,٫]1$/);
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(null, 'en')).toBe('—');
    expect(formatNumber(Number.NaN, 'en')).toBe('—');
    expect(formatPercent(undefined, 'en')).toBe('—');
  });

  it('formats percentages given as 0–100', () => {
    expect(formatPercent(72.4, 'en', { maximumFractionDigits: 0 })).toBe('72%');
    expect(formatPercent(72.4, 'fr', { maximumFractionDigits: 0 })).toMatch(/^72\s%$/u);
    expect(formatPercent(72.4, 'tr', { maximumFractionDigits: 0 })).toBe('%72');
  });
});
