import { createTestI18n } from '@cgm-portal/i18n/testing';
import { describe, expect, it } from 'vitest';
import { eventDescription } from './event-text';
import { glucoseText } from './glucose-format';

describe('eventDescription', () => {
  const format = { unit: 'mmol/L' as const, glucose: (v: number | null | undefined) => glucoseText(v, 'mmol/L', 'en'), number: (v: number | null | undefined, d = 1) => (v == null ? '—' : v.toFixed(d)) };
  it('translates meal tags and insulin kinds and shows glucose in the unit', async () => {
    const portal = await createTestI18n('en');
    const t = portal.i18n.t.bind(portal.i18n) as never;
    expect(eventDescription({ detail: { eventType: 'meal', mealTag: 'Extra', carbs: 20 } }, t, format)).toBe('Snack, 20 g carbohydrates');
    expect(eventDescription({ detail: { eventType: 'insulin', insulinKind: 'Long_acting', units: 18 } }, t, format)).toBe('Long-acting, 18.0 U');
    expect(eventDescription({ detail: { eventType: 'BG', mgdl: 126 } }, t, format)).toBe('Blood glucose 7.0 mmol/L');
  });
});
