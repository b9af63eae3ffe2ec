import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { loadVapidKeys, pushServiceHosts, VAPID_KEY_FILE } from './vapid';
import { isAllowedEndpoint, isValidSubscriptionKeys } from './push-service';

const dataDir = mkdtempSync(join(tmpdir(), 'cgm-vapid-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the VAPID keys', () => {
  it('are made once into the data folder, readable by the server alone, and kept across restarts', async () => {
    const first = await loadVapidKeys({}, dataDir);
    expect(statSync(join(dataDir, VAPID_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys({}, dataDir)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  });

  it('come from the environment as a matching pair, or the server does not start', async () => {
    const pair = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    const env = { CGM_VAPID_PUBLIC_KEY: pair.publicKey, CGM_VAPID_PRIVATE_KEY: pair.privateKey, CGM_VAPID_SUBJECT: 'https://cgm.example.org/contact' };
    expect(await loadVapidKeys(env, dataDir)).toEqual({ ...pair, subject: 'https://cgm.example.org/contact' });
    await expect(loadVapidKeys({ ...env, CGM_VAPID_PUBLIC_KEY: other.publicKey }, dataDir)).rejects.toThrow(/not the private key/);
    await expect(loadVapidKeys({ CGM_VAPID_PUBLIC_KEY: pair.publicKey }, dataDir)).rejects.toThrow(/together/);
    await expect(loadVapidKeys({ ...env, CGM_VAPID_PRIVATE_KEY: 'short' }, dataDir)).rejects.toThrow(/not a VAPID key pair/);
    await expect(loadVapidKeys({ CGM_VAPID_SUBJECT: 'http://example.org' }, dataDir)).rejects.toThrow(/CGM_VAPID_SUBJECT/);
  });

  it('are one pair for every server sharing a database', async () => {
    const table = new Map<string, string>();
    const shared = async (name: string, create: () => string) => (table.has(name) ? table.get(name)! : (table.set(name, create()), table.get(name)!));
    const first = await loadVapidKeys({}, join(dataDir, 'server-a'), shared);
    expect(await loadVapidKeys({}, join(dataDir, 'server-b'), shared)).toEqual(first);
    expect(first).not.toEqual(await loadVapidKeys({}, dataDir));
  });
});

describe('a subscription', () => {
  it('is accepted only on an https endpoint of a known push service', () => {
    const hosts = pushServiceHosts({});
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com.evil.example/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://evilpush.services.mozilla.com.example/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://127.0.0.1:8443/push', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://127.0.0.1:8443/push', pushServiceHosts({ CGM_PUSH_SERVICE_HOSTS: '127.0.0.1' }))).toBe(true);
  });

  it('carries a P-256 public key and a 16-byte secret', () => {
    const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const auth = Buffer.alloc(16, 2).toString('base64url');
    expect(isValidSubscriptionKeys(key, auth)).toBe(true);
    expect(isValidSubscriptionKeys(key.slice(4), auth)).toBe(false);
    expect(isValidSubscriptionKeys(key, Buffer.alloc(8).toString('base64url'))).toBe(false);
    expect(isValidSubscriptionKeys(key, 'not base64!')).toBe(false);
  });
});
