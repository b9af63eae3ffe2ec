/**
 * The portal's service worker, built into each app as /sw.js (tooling/vite/pwa.js): it keeps
 * the app shell for offline use, shows alarm pushes, and runs their Acknowledge and Snooze
 * actions without opening the app.
 */
import { notificationOf, parsePush, type NotificationData } from './push-notification';
import { runNotificationAction } from './notification-action';
import { requestStrategy, shellCacheName, staleCaches } from './shell-cache';
import type { ServiceWorkerScope, WindowClient } from './worker-types';

declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;
declare const __APP_NAME__: string;

const worker = self as unknown as ServiceWorkerScope;
const cacheName = shellCacheName(__SHELL_VERSION__);
const shellFiles = new Set(__SHELL_FILES__);
const ICON = '/icons/icon-192.png';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll([...shellFiles]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, cacheName).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = requestStrategy(event.request, worker.location.origin, shellFiles);
  if (strategy === 'network') return;
  if (strategy === 'page') {
    // The newest page when online; the cached shell when not (the app then shows its last data).
    event.respondWith(fetch(event.request).catch(async () => (await caches.match('/', { cacheName })) ?? Response.error()));
    return;
  }
  event.respondWith(caches.match(event.request, { cacheName }).then((hit) => hit ?? fetch(event.request)));
});

worker.addEventListener('push', (event) => {
  const push = parsePush(event.data?.text() ?? null, __APP_NAME__);
  const { title, options } = notificationOf(push, ICON);
  event.waitUntil(worker.registration.showNotification(title, options));
});

/** Focuses an open window of the app (moving it to `url`) or opens one. */
async function openApp(url: string): Promise<void> {
  const windows: WindowClient[] = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) {
    await open.focus();
    if (new URL(open.url).pathname !== url) await open.navigate(url).catch(() => null);
    return;
  }
  await worker.clients.openWindow(url);
}

worker.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as NotificationData | undefined;
  const url = data?.url ?? '/home';
  event.notification.close();
  if (!event.action) {
    event.waitUntil(openApp(url));
    return;
  }
  event.waitUntil(
    runNotificationAction(event.action, data?.actionToken).then(async (done) => {
      // An action that did not reach the server must not pass silently: the app shows the alarm.
      if (!done) await openApp(url);
    }),
  );
});
