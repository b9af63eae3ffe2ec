/**
 * Can this browser receive push here, and if not, what the person can do about it. iOS and
 * iPadOS deliver web push only to an app added to the Home Screen (Safari 16.4+), so there the
 * first step is adding it; a denied permission can only be undone in the browser's settings.
 */
export type PushSupport = 'ready' | 'iosAddToHomeScreen' | 'denied' | 'unsupported';

export interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** Notification.permission, or null without the Notification API. */
  permission: NotificationPermission | null;
}

/** iPhone, iPod, iPad, and iPadOS, which says it is a Mac but has a touch screen. */
export function isAppleMobile(facts: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPad|iPhone|iPod/.test(facts.userAgent) || (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);
}

export function pushSupport(facts: BrowserFacts): PushSupport {
  if (isAppleMobile(facts) && !facts.standalone) return 'iosAddToHomeScreen';
  if (!facts.hasServiceWorker || !facts.hasPushManager || facts.permission === null) return 'unsupported';
  if (facts.permission === 'denied') return 'denied';
  return 'ready';
}

export function browserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    permission: typeof Notification === 'undefined' ? null : Notification.permission,
  };
}

/** A name for this device in the device list: browser and system, from the user agent. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPod/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  return system ? `${browser} · ${system}` : browser;
}

/** The VAPID public key (base64url, RFC 8292) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
