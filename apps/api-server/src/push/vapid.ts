import { createECDH } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import type { VapidKeys } from './push-service';

/**
 * The server's VAPID identity (RFC 8292): push services accept messages for a subscription only
 * when signed with the key the browser subscribed with, so the key must outlive restarts and be
 * the same on every server. Taken from the environment when set (keys kept in a secret store),
 * otherwise generated once, like the RSA sign-in key: into the data folder, or into a shared
 * PostgreSQL database.
 */

export const VAPID_KEY_FILE = 'vapid-keys.json';
const DEFAULT_SUBJECT = 'mailto:push@cgm-portal.invalid';

/**
 * `shared`: where several servers share a PostgreSQL database, the keys live there (the first
 * server's are kept), so every server signs for the same subscriptions.
 */
export async function loadVapidKeys(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  shared?: (name: string, create: () => string) => Promise<string>,
): Promise<VapidKeys> {
  const subject = env.CGM_VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    throw new Error('CGM_VAPID_SUBJECT must be a mailto: address or an https: URL');
  }
  const [publicKey, privateKey] = [env.CGM_VAPID_PUBLIC_KEY, env.CGM_VAPID_PRIVATE_KEY];
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('CGM_VAPID_PUBLIC_KEY and CGM_VAPID_PRIVATE_KEY are set together or not at all');
    return checked({ publicKey, privateKey, subject }, 'CGM_VAPID_PUBLIC_KEY/CGM_VAPID_PRIVATE_KEY');
  }
  const made = () => JSON.stringify(webPush.generateVAPIDKeys());
  if (shared) {
    const stored = JSON.parse(await shared('vapid-keys', made)) as { publicKey: string; privateKey: string };
    return checked({ ...stored, subject }, 'the database');
  }
  const path = join(dataDir, VAPID_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, made(), { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as { publicKey: string; privateKey: string };
  return checked({ publicKey: stored.publicKey, privateKey: stored.privateKey, subject }, path);
}

function checked(keys: VapidKeys, source: string): VapidKeys {
  const bytes = (text: string) => (/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : -1);
  if (bytes(keys.publicKey) !== 65 || bytes(keys.privateKey) !== 32) {
    throw new Error(`${source}: not a VAPID key pair (base64url; a 65-byte public and a 32-byte private P-256 key)`);
  }
  // A public key that is not the private key's would be refused by every push service, silently.
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  if (ecdh.getPublicKey().toString('base64url') !== keys.publicKey) throw new Error(`${source}: the public key is not the private key's`);
  return keys;
}

/**
 * The push services whose endpoints a browser may register: the server POSTs to whatever a
 * subscription names, so an open list would let any account make it call addresses inside the
 * network. These are the services of Chrome/Android/Opera/Samsung (FCM), Firefox (Mozilla
 * autopush), Edge (WNS) and Safari (Apple). `*.` covers sub-domains. CGM_PUSH_SERVICE_HOSTS
 * replaces the list (comma-separated).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'];

export function pushServiceHosts(env: NodeJS.ProcessEnv): string[] {
  const given = (env.CGM_PUSH_SERVICE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return given.length > 0 ? given : DEFAULT_PUSH_SERVICE_HOSTS;
}
