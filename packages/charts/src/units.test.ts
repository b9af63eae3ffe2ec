import { describe, expect, it } from 'vitest';
import { formatPercent, percentDigits } from './units';

describe('formatPercent', () => {
  it('prints one decimal under 1 %, else whole numbers', () => {
    expect(formatPercent(0.4)).toBe('0.4');
    expect(formatPercent(72.4)).toBe('72');
    expect(formatPercent(0)).toBe('0');
  });

  it('keeps that while rounding stays clear of the goal beside it', () => {
    expect(formatPercent(72.4, 'en', [70])).toBe('72');
    expect(formatPercent(0.4, 'en', [1])).toBe('0.4');
    expect(formatPercent(5.5, 'en', [5])).toBe('6');
  });

  it('adds a decimal, two at most, while rounding would print a goal threshold', () => {
    expect(formatPercent(1.2, 'en', [1])).toBe('1.2');
    expect(formatPercent(0.96, 'en', [1])).toBe('0.96');
    expect(formatPercent(69.6, 'en', [70])).toBe('69.6');
    expect(formatPercent(70.04, 'en', [70])).toBe('70.04');
    expect(formatPercent(70.001, 'en', [70])).toBe('70.00');
    // Two goals on one row (the report's standard and older/high-risk): clear of both.
    expect(percentDigits(3.6, [4, 1])).toBe(1);
    expect(percentDigits(1.3, [4, 1])).toBe(1);
  });

  it('prints a value equal to the threshold as it is, in the locale', () => {
    expect(formatPercent(70, 'en', [70])).toBe('70');
    expect(formatPercent(1.2, 'fr', [1])).toBe('1,2');
  });
});
