/** Where the build puts the portal's service worker (tooling/vite/pwa.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Print views open in the server's own Chromium for PDFs: they need no offline shell. */
const PRINT_VIEW = /^\/(reportPdf|report\/[^/]+)\/[^/]+$/;

/**
 * Registers the service worker once the page has loaded, so it never competes with the first
 * screen for the network. Not in development (it would serve stale modules), not where the
 * browser has none, not on print views.
 */
export function registerServiceWorker(location: Pick<Location, 'pathname'> = window.location): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || PRINT_VIEW.test(location.pathname)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // The portal works without it (no offline shell, no push): say why in the console only.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The registration that push needs; null where the browser has no service worker. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}
