import { describe, expect, it } from 'vitest';
import { fromUnit, glucoseText, toUnit } from './glucose-format';

describe('glucose units', () => {
  it('shows mmol/L with one decimal and mg/dL as whole numbers', () => {
    expect(glucoseText(126, 'mmol/L', 'en')).toBe('7.0');
    expect(glucoseText(126, 'mg/dL', 'en')).toBe('126');
    expect(glucoseText(130, 'mmol/L', 'cs')).toBe('7,2');
    expect(glucoseText(null, 'mg/dL', 'en')).toBe('—');
  });
  it('converts with the one factor 18 and stores integer mg/dL', () => {
    expect(toUnit(180, 'mmol/L')).toBe(10);
    expect(fromUnit(3.9, 'mmol/L')).toBe(70);
    expect(fromUnit(10, 'mmol/L')).toBe(180);
    expect(fromUnit(99.6, 'mg/dL')).toBe(100);
  });
});
