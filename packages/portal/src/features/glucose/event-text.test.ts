import { createTestI18n } from '@cgm-portal/i18n/testing';
import { describe, expect, it } from 'vitest';
import { eventDescription } from './event-text';
import { glucoseText } from './glucose-format';

describe('eventDescription', () => {
  const format = { lang: 'en' as const, unit: 'mmol/L' as const, glucose: (v: number | null | undefined) => glucoseText(v, 'mmol/L', 'en'), number: (v: number | null | undefined, d = 1) => (v == null ? '—' : v.toFixed(d)) };
  it('translates meal tags and insulin kinds and shows glucose in the unit', async () => {
    const portal = await createTestI18n('en');
    const t = portal.i18n.t.bind(portal.i18n) as never;
    expect(eventDescription({ detail: { eventType: 'meal', mealTag: 'Extra', carbs: 20 } }, t, format)).toBe('Snack, 20 g carbohydrates');
    expect(eventDescription({ detail: { eventType: 'insulin', insulinKind: 'Long_acting', units: 18 } }, t, format)).toBe('Long-acting, 18.0 U');
    expect(eventDescription({ detail: { eventType: 'BG', mgdl: 126 } }, t, format)).toBe('Blood glucose 7.0 mmol/L');
    // Every row joins its parts with the same ", ": sport, medication and alerts too, no "and".
    expect(eventDescription({ detail: { eventType: 'sport', sportName: 'Running', durationMinutes: 45, intensity: 'light' } }, t, format)).toBe('Running, 45 min of exercise');
    expect(eventDescription({ detail: { eventType: 'meds', medName: 'Metformin', dose: '500 mg' } }, t, format)).toBe('Metformin, 500 mg');
    expect(eventDescription({ detail: { eventType: 'meds', medName: 'Metformin', dose: '' } }, t, format)).toBe('Metformin');
  });
  it('translates known sport names and joins the parts with the language’s own separator', async () => {
    const ar = await createTestI18n('ar');
    const t = ar.i18n.t.bind(ar.i18n) as never;
    const text = eventDescription({ detail: { eventType: 'sport', sportName: 'Running', durationMinutes: 45, intensity: 'light' } }, t, { ...format, lang: 'ar' });
    expect(text).toContain('الجري');
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text).not.toContain(',');
    const meal = eventDescription({ detail: { eventType: 'meal', mealTag: 'Lunch', carbs: 40 } }, t, { ...format, lang: 'ar' });
    expect(meal).not.toContain(',');
    // A name the member typed is kept as typed.
    expect(eventDescription({ detail: { eventType: 'sport', sportName: 'Capoeira', durationMinutes: 30, intensity: 'light' } }, t, { ...format, lang: 'ar' })).toContain('Capoeira');
    // One separator for every row: the Arabic comma, never the conjunction "و" ("and") of Intl's lists.
    expect(text).toBe('الجري، 45 دقيقة من النشاط البدني');
    expect(meal).toBe('الغداء، 40 غرام من الكربوهيدرات');
    expect(eventDescription({ detail: { eventType: 'insulin', insulinKind: 'Long_acting', units: 18 } }, t, { ...format, lang: 'ar' })).toBe('طويل المفعول، 18.0 وحدة');
    expect(eventDescription({ detail: { eventType: 'meds', medName: 'Metformin', dose: '500 mg' } }, t, { ...format, lang: 'ar' })).toBe('Metformin، 500 mg');
    const alert = eventDescription({ detail: { eventType: 'alert', alertKind: 'high', mgdl: 293 } } as never, t, { ...format, lang: 'ar' });
    expect(alert).toBe('إنذار ارتفاع الجلوكوز، \u206816.3 mmol/L\u2069');
    const fa = await createTestI18n('fa');
    const faText = eventDescription({ detail: { eventType: 'meal', mealTag: 'Lunch', carbs: 40 } }, fa.i18n.t.bind(fa.i18n) as never, { ...format, lang: 'fa' });
    expect(faText).toContain('،');
    expect(faText).not.toContain(',');
  });
});

