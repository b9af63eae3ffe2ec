import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LOCAL_KEYS } from '../../session/local-store';

/**
 * The last data the portal showed, kept in the browser so the app opens offline with it
 * (the service worker keeps the shell, this keeps the data). Only for a remembered session:
 * without "remember me" closing the browser ends the session (spec §4), and medical data must
 * not outlive it. Sign-out, another account or a new app version drop it (spec §4).
 */
interface SavedCache {
  savedAt: number;
  state: DehydratedState;
}

/** A day's readings and the screens around it; long report spans are large and refetched anyway. */
const MAX_PERSISTED_SPAN_MS = 15 * 24 * 3_600_000;
const WRITE_THROTTLE_MS = 2_000;
/** Older data is not worth showing as "the last data": a day-old glucose is no guide. */
export const MAX_AGE_MS = 7 * 24 * 3_600_000;

/** Which answers are kept: the signed-in user, glucose of short spans, followed people, alarms. */
export function shouldPersist(queryKey: QueryKey): boolean {
  const [root, kind, from, to] = queryKey as unknown[];
  if (root === 'session' || root === 'followers' || root === 'alarms' || root === 'counts') return true;
  if (root !== 'glucose') return false;
  if (kind === 'readings') return typeof from === 'number' && typeof to === 'number' && to - from <= MAX_PERSISTED_SPAN_MS;
  return kind === 'sessions' || kind === 'events';
}

const persistable = (query: Query) => query.state.status === 'success' && shouldPersist(query.queryKey);

/** Puts the saved answers back before the first screen renders; returns when they were saved. */
export function restoreQueryCache(queryClient: QueryClient, isRemembered: () => boolean, storage: Storage = localStorage, now = Date.now()): number | null {
  const raw = storage.getItem(LOCAL_KEYS.queryCache);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as SavedCache;
    if (!isRemembered() || !(now - saved.savedAt < MAX_AGE_MS)) throw new Error('not to be restored');
    hydrate(queryClient, saved.state);
    // Shown at once, but never taken as fresh: each restored answer is fetched again as soon as a
    // screen uses it (online), so a reload can never show settings older than the server's.
    for (const query of queryClient.getQueryCache().getAll()) query.invalidate();
    return saved.savedAt;
  } catch {
    storage.removeItem(LOCAL_KEYS.queryCache);
    return null;
  }
}

/** Saves the cache (at most every 2 s) while the session is remembered; removes it otherwise. */
export function persistQueryCache(queryClient: QueryClient, isRemembered: () => boolean, storage: Storage = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    if (!isRemembered()) {
      storage.removeItem(LOCAL_KEYS.queryCache);
      return;
    }
    const saved: SavedCache = { savedAt: Date.now(), state: dehydrate(queryClient, { shouldDehydrateQuery: persistable }) };
    try {
      storage.setItem(LOCAL_KEYS.queryCache, JSON.stringify(saved));
    } catch {
      // Storage full: the app still works online; stale saved data would mislead, so drop it.
      storage.removeItem(LOCAL_KEYS.queryCache);
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(write, WRITE_THROTTLE_MS);
  });
  // A reload or a closed tab inside the throttle still saves the newest answers.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  globalThis.addEventListener?.('pagehide', flush);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    globalThis.removeEventListener?.('pagehide', flush);
  };
}
