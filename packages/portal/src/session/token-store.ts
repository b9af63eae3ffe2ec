import { LOCAL_KEYS } from './local-store';

/**
 * Where the login token lives (spec §4): persistent storage with "remember me", otherwise
 * session storage, so closing the browser ends the session. Logout clears both.
 */
export const tokenStore = {
  get(): string | null {
    return sessionStorage.getItem(LOCAL_KEYS.token) ?? localStorage.getItem(LOCAL_KEYS.token);
  },
  /** A token kept across browser restarts ("remember me"). */
  isRemembered(): boolean {
    return localStorage.getItem(LOCAL_KEYS.token) !== null;
  },
  set(token: string, rememberMe: boolean) {
    this.clear();
    (rememberMe ? localStorage : sessionStorage).setItem(LOCAL_KEYS.token, token);
  },
  clear() {
    localStorage.removeItem(LOCAL_KEYS.token);
    sessionStorage.removeItem(LOCAL_KEYS.token);
    localStorage.removeItem(LOCAL_KEYS.loginType);
  },
};
