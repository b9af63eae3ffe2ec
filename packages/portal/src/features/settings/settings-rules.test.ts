import { describe, expect, it } from 'vitest';
import { convertForm, formOf, parseNumber, validateSettings } from './settings-rules';

const seting = { unit: 'mmol/L' as const, targetLow: 70, targetHigh: 180, urgentLowAlert: 55, lowAlert: 70, highAlert: 250, urgentHighAlert: 300 };

describe('settings rules', () => {
  it('shows thresholds in the unit and saves them back as the same mg/dL', () => {
    const form = formOf(seting);
    expect(form.values.targetLow).toBe('3.9');
    expect(form.values.targetHigh).toBe('10');
    expect(validateSettings(form).seting).toEqual(seting);
  });
  it('converts the form when the unit changes', () => {
    const mg = convertForm(formOf(seting), 'mg/dL');
    expect(mg.values.targetHigh).toBe('180');
    expect(validateSettings(mg).seting).toEqual({ ...seting, unit: 'mg/dL' });
  });
  it('saves an edited mmol/L value converted with the factor 18', () => {
    const form = formOf(seting);
    expect(validateSettings({ ...form, values: { ...form.values, targetHigh: '9' } }).seting?.targetHigh).toBe(162);
  });
  it('accepts a decimal comma', () => {
    expect(parseNumber('5,5')).toBe(5.5);
    expect(parseNumber('abc')).toBeNull();
  });
  it('keeps alerts ordered: urgent low < low < high < urgent high', () => {
    const form = convertForm(formOf(seting), 'mg/dL');
    const bad = { ...form, values: { ...form.values, urgentLowAlert: '80', highAlert: '320' } };
    const { errors, seting: saved } = validateSettings(bad);
    expect(saved).toBeNull();
    expect(errors.urgentLowAlert?.key).toBe('validation.urgentLowBelowLow');
    expect(errors.highAlert?.key).toBe('validation.highBelowUrgentHigh');
  });
  it('keeps the target ordered and inside the sensor span', () => {
    const form = convertForm(formOf(seting), 'mg/dL');
    expect(validateSettings({ ...form, values: { ...form.values, targetLow: '200' } }).errors.targetLow?.key).toBe('validation.targetLowBelowHigh');
    expect(validateSettings({ ...form, values: { ...form.values, targetHigh: '900' } }).errors.targetHigh).toEqual({
      key: 'validation.numberRange',
      values: { min: 40, max: 400 },
    });
    expect(validateSettings({ ...form, values: { ...form.values, lowAlert: '' } }).errors.lowAlert?.key).toBe('validation.enterNumber');
  });
});
