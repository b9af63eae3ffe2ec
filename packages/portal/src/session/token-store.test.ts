import { beforeEach, describe, expect, it } from 'vitest';
import { clearOnVersionChange, LOCAL_KEYS } from './local-store';
import { tokenStore } from './token-store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('tokenStore', () => {
  it('keeps the token in localStorage only with remember me', () => {
    tokenStore.set('t-remember', true);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe('t-remember');
    expect(sessionStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(tokenStore.get()).toBe('t-remember');
  });

  it('keeps the token in sessionStorage without remember me', () => {
    tokenStore.set('t-session', false);
    expect(sessionStorage.getItem(LOCAL_KEYS.token)).toBe('t-session');
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });

  it('logout clears both storages', () => {
    localStorage.setItem(LOCAL_KEYS.token, 'a');
    sessionStorage.setItem(LOCAL_KEYS.token, 'b');
    tokenStore.clear();
    expect(tokenStore.get()).toBeNull();
  });
});

describe('clearOnVersionChange', () => {
  it('clears stored data when the app version differs but keeps the language', () => {
    localStorage.setItem(LOCAL_KEYS.appVersion, '1.0.0');
    localStorage.setItem(LOCAL_KEYS.token, 'old');
    localStorage.setItem(LOCAL_KEYS.unit, 'mg/dL');
    localStorage.setItem(LOCAL_KEYS.language, 'fr');
    expect(clearOnVersionChange('1.1.0')).toBe(true);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.unit)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.language)).toBe('fr');
    expect(localStorage.getItem(LOCAL_KEYS.appVersion)).toBe('1.1.0');
  });

  it('keeps everything when the version is the same', () => {
    localStorage.setItem(LOCAL_KEYS.appVersion, '1.0.0');
    localStorage.setItem(LOCAL_KEYS.token, 'kept');
    expect(clearOnVersionChange('1.0.0')).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe('kept');
  });
});
