
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers get as applicationServerKey. */
  publicKey: string;
  /** The 32-byte private scalar, base64url. */
  privateKey: string;
  /** Who push services contact about this sender: a mailto: or https: URL (the JWT's `sub`). */
  subject: string;
}

/** What the server needs to offer Web Push; absent where it cannot send (the browser-held server). */
export interface PushSettings {
  vapid: VapidKeys;
  /** Host names (or `*.domain`) a subscription's endpoint may point at (vapid.ts). */
  serviceHosts: string[];
}

/** At most this many browsers per account receive notifications (a family's phones, a tablet, a laptop). */
export const MAX_PUSH_DEVICES = 10;

/** True when `endpoint` is an https URL on one of the allowed push services. */
export function isAllowedEndpoint(endpoint: string, serviceHosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return serviceHosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

/** The browser's keys as RFC 8291 needs them: a P-256 point (65 bytes, 0x04…) and a 16-byte secret. */
export function isValidSubscriptionKeys(p256dh: string, auth: string): boolean {
  const bytes = (text: string) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
    try {
      return Uint8Array.from(atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    } catch {
      return null;
    }
  };
  const key = bytes(p256dh);
  const secret = bytes(auth);
  return key?.length === 65 && key[0] === 4 && secret?.length === 16;
}
