/**
 * The token in an alarm push that lets the notification's buttons act without a session: it
 * names one alarm and one recipient, expires, and is signed with a key derived from the VAPID
 * private key (so every server that can send a push can check its buttons, and no other secret
 * needs keeping). WebCrypto only, so the browser-held server reads the same code.
 */

/**
 * How long a notification's buttons work. Long enough for a carer woken at 3 a.m. to act on the
 * lock screen, short enough that an old notification cannot silence a later night's alarm
 * (urgent low repeats every 5 minutes with a fresh token).
 */
export const ACTION_TOKEN_TTL_MS = 6 * 3600_000;

export interface ActionClaim {
  alarmId: number;
  recipientId: number;
  /** Epoch ms after which the token opens nothing. */
  expiresAt: number;
}

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

type SigningKey = Awaited<ReturnType<typeof crypto.subtle.deriveKey>>;
const keys = new Map<string, Promise<SigningKey>>();
/** HMAC-SHA-256 key = HKDF(VAPID private key, info "notification action"). */
function signingKey(vapidPrivateKey: string): Promise<SigningKey> {
  let key = keys.get(vapidPrivateKey);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey('raw', fromBase64url(vapidPrivateKey), 'HKDF', false, ['deriveKey']);
      return crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode('cgm-portal notification action') },
        material,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      );
    })();
    keys.set(vapidPrivateKey, key);
  }
  return key;
}

export async function signActionToken(claim: ActionClaim, vapidPrivateKey: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify({ a: claim.alarmId, r: claim.recipientId, e: claim.expiresAt })));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(vapidPrivateKey), encoder.encode(body)));
  return `${body}.${base64url(signature)}`;
}

/** The claim of a genuine, unexpired token; null for anything else. */
export async function verifyActionToken(token: string, vapidPrivateKey: string, now: number): Promise<ActionClaim | null> {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, body, signature] = match as unknown as [string, string, string];
  // subtle.verify compares in constant time.
  const genuine = await crypto.subtle.verify('HMAC', await signingKey(vapidPrivateKey), fromBase64url(signature), encoder.encode(body));
  if (!genuine) return null;
  try {
    const { a, r, e } = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as { a: unknown; r: unknown; e: unknown };
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(r) || typeof e !== 'number' || e <= now) return null;
    return { alarmId: a as number, recipientId: r as number, expiresAt: e };
  } catch {
    return null;
  }
}
