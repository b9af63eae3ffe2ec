import { describe, expect, it } from 'vitest';

import { formatNumber } from './format';
import { LANGUAGES } from './languages';
import { createTestI18n } from './testing';

describe('counted phrases', () => {
  it('write a large count with the language grouping, as the cards beside them do', async () => {
    const hy = await createTestI18n('hy');
    // Armenian /report read "3793 չափում" above a card reading "2 855": i18next's bare number.
    expect(hy.i18n.t('report.readings', { count: 3793 })).toBe(`${formatNumber(3793, 'hy')} չափում`);
    // In every language the count is the one number formatter's: a browser lacking Armenian groups it as "3 793".
    for (const lang of LANGUAGES) {
      const portal = await createTestI18n(lang);
      expect(portal.i18n.t('report.readings', { count: 12_345 }), lang).toContain(formatNumber(12_345, lang, { maximumFractionDigits: 0 }));
      expect(portal.i18n.t('common.totalItems', { count: 12_345 }), lang).toContain(formatNumber(12_345, lang, { maximumFractionDigits: 0 }));
    }
    const en = await createTestI18n('en');
    expect(en.i18n.t('report.readings', { count: 3928 })).toBe('3,928 readings');
    expect(en.i18n.t('common.totalItems', { count: 12_345 })).toBe('12,345 items in total');
    expect(en.i18n.t('dataTransfer.exported', { readings: 4032, events: 87 })).toContain('4,032');
  });

  it('keep the plural form the count asks for', async () => {
    const en = await createTestI18n('en');
    expect(en.i18n.t('report.readings', { count: 1 })).toBe('1 reading');
    const ar = await createTestI18n('ar');
    expect(ar.i18n.t('report.readings', { count: 2 })).toBe('قراءتان');
    expect(ar.i18n.t('report.readings', { count: 3793 })).toContain('3,793');
  });
});
