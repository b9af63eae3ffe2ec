import { useEffect, useState } from 'react';

/** The Screen Wake Lock API's parts that the night mode uses (W3C Screen Wake Lock). */
interface WakeLockSentinel extends EventTarget {
  readonly released: boolean;
  release(): Promise<void>;
}
interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockSentinel>;
}

/**
 * Whether the screen stays awake: `unsupported` where the browser has no Screen Wake Lock
 * (the night mode then says so), `denied` when it refused (battery saver, page hidden).
 */
export type WakeLockState = 'off' | 'held' | 'unsupported' | 'denied';

const wakeLockApi = (): WakeLockApi | undefined => (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;

/**
 * Keeps the screen awake while `active`. The browser drops the lock whenever the page is
 * hidden, so it is asked for again each time the page becomes visible.
 */
export function useScreenWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() => (wakeLockApi() ? 'off' : 'unsupported'));
  useEffect(() => {
    const api = wakeLockApi();
    if (!active || !api) {
      setState(api ? 'off' : 'unsupported');
      return;
    }
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await api.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState('held');
        lock.addEventListener('release', () => {
          if (!stopped) setState('off');
        });
      } catch {
        if (!stopped) setState('denied');
      }
    };
    const onVisible = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
  return state;
}
