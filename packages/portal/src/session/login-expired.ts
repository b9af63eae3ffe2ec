import { useSyncExternalStore } from 'react';

/**
 * "Login expired" (code 300) as a sticky signal: the API client raises it, possibly before
 * any React tree is mounted (a guard's user-info call on a fresh load), and the layout's
 * watcher reads it whenever it mounts.
 */
let expired = false;
const listeners = new Set<() => void>();

export const loginExpiredSignal = {
  raise() {
    expired = true;
    listeners.forEach((l) => l());
  },
  reset() {
    expired = false;
    listeners.forEach((l) => l());
  },
  get: () => expired,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoginExpired(): boolean {
  return useSyncExternalStore(loginExpiredSignal.subscribe, loginExpiredSignal.get, () => false);
}
