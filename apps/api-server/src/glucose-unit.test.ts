import { describe, expect, it } from 'vitest';
import { glucoseUnitForCountry } from './glucose-unit';

describe('glucoseUnitForCountry', () => {
  it('gives mg/dL where clinics report it and mmol/L elsewhere', () => {
    expect(glucoseUnitForCountry('US')).toBe('mg/dL');
    expect(glucoseUnitForCountry('fr')).toBe('mg/dL');
    expect(glucoseUnitForCountry('GB')).toBe('mmol/L');
    expect(glucoseUnitForCountry('CN')).toBe('mmol/L');
  });
  it('falls back to the spec default mmol/L for an unknown country', () => {
    expect(glucoseUnitForCountry(null)).toBe('mmol/L');
    expect(glucoseUnitForCountry('')).toBe('mmol/L');
  });
});
