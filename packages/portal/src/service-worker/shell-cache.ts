/**
 * How the service worker answers a request. The app shell (the built page, scripts, styles,
 * icons) is served from the cache so the app opens offline; data never is: the portal keeps its
 * last data itself (persisted query cache), and the API, its websockets and the live stream
 * always go to the network.
 */
export type RequestStrategy = 'page' | 'shell' | 'network';

/** Every cache this worker makes starts with this, so an update can drop the old ones. */
export const SHELL_CACHE_PREFIX = 'cgm-portal-shell-';

export const shellCacheName = (version: string) => `${SHELL_CACHE_PREFIX}${version}`;

/** The server's paths, which share the apps' origin (README "Pointing an app at another API"). */
const SERVER_PATHS = ['/api/', '/socket.io/', '/pebble'];

export function requestStrategy(
  request: { method: string; url: string; mode: string },
  origin: string,
  shellFiles: ReadonlySet<string>,
): RequestStrategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (SERVER_PATHS.some((p) => url.pathname === p.replace(/\/$/, '') || url.pathname.startsWith(p))) return 'network';
  if (request.mode === 'navigate') return 'page';
  return shellFiles.has(url.pathname) ? 'shell' : 'network';
}

/** Caches of older builds: everything with our prefix but the current one. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== current);
}
