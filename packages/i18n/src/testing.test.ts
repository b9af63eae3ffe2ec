import { describe, expect, it } from 'vitest';

import { createTestI18n } from './testing';

describe('createTestI18n', () => {
  it('is ready in the asked language without touching storage or <html>', async () => {
    localStorage.clear();
    document.documentElement.removeAttribute('lang');
    const portal = await createTestI18n('fr');
    expect(portal.i18n.t('common.cancel')).toBe('Annuler');
    expect(localStorage.length).toBe(0);
    expect(document.documentElement.hasAttribute('lang')).toBe(false);
  });
});
