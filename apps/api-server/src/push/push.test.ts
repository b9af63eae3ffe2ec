import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from '../test-support/server';
import { startPushService, verifyVapid, type Subscriber, type TestPushService } from '../test-support/push-service';
import { MAX_PUSH_DEVICES } from './push-service';

// The real server (src/main.ts) delivers to a push service on loopback over https, through the
// job queue and the web-push library; the test decrypts what arrives with the browser's keys.
let service: TestPushService;
let server: RunningServer;

beforeAll(async () => {
  service = await startPushService();
  server = await startServer({
    NODE_EXTRA_CA_CERTS: service.certificateFile,
    CGM_PUSH_SERVICE_HOSTS: '127.0.0.1',
    CGM_VAPID_SUBJECT: 'mailto:carers@cgm-portal.example',
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await service?.close();
});

const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { code?: number; message?: string }) => error);

async function withDevice(api: ApiClient, name: string, deviceName = 'Chrome · Android'): Promise<Subscriber> {
  const subscriber = service.subscriber(name);
  await api.addPushDevice({ subscription: subscriber.subscription, name: deviceName });
  return subscriber;
}

describe('Web Push delivery', () => {
  it('sends an encrypted, VAPID-signed test notification in the recipient language, and records when', async () => {
    const member = await server.signIn('demo@cgm-portal.example');
    const follower = await server.signIn('follower@cgm-portal.example', 3, 'fr');
    const { publicKey } = await member.getPushKey();
    const memberPhone = await withDevice(member, 'member-phone');
    const followerPhone = await withDevice(follower, 'follower-phone', 'Firefox · Linux');

    await member.sendTestNotification();
    await follower.sendTestNotification();
    const [toMember] = await service.waitFor('member-phone', 1);
    const [toFollower] = await service.waitFor('follower-phone', 1);

    expect(JSON.parse(memberPhone.decrypt(toMember!.body))).toMatchObject({ title: 'Test notification', body: 'Alerts will reach this device.', lang: 'en', dir: 'ltr' });
    expect(JSON.parse(followerPhone.decrypt(toFollower!.body))).toMatchObject({ title: 'Notification de test', lang: 'fr' });
    for (const push of [toMember!, toFollower!]) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.headers.urgency).toBe('normal');
      const claims = verifyVapid(push.headers.authorization, publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe('mailto:carers@cgm-portal.example');
      const nowSeconds = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(nowSeconds);
      expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    }

    // The list says when each device was last notified and never shows the endpoint or keys.
    const devices = await follower.loadPushDevices();
    expect(devices.rows).toEqual([{ id: expect.any(Number), name: 'Firefox · Linux', createdAt: expect.any(Number), lastNotifiedAt: expect.any(Number) }]);
    // Each account sees its own devices only.
    expect((await member.loadPushDevices()).rows.map((d) => d.name)).toEqual(['Chrome · Android']);
  }, 60_000);

  it('removes a subscription the push service says is gone (404 or 410)', async () => {
    const member = await server.signIn('pet@cgm-portal.example');
    await withDevice(member, 'gone-410');
    await withDevice(member, 'gone-404');
    await withDevice(member, 'still-here');
    service.answer('gone-410', 410);
    service.answer('gone-404', 404);
    await member.sendTestNotification();
    await Promise.all([service.waitFor('gone-410', 1), service.waitFor('gone-404', 1), service.waitFor('still-here', 1)]);
    const deadline = Date.now() + 10_000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = (await member.loadPushDevices()).rows.map((d) => d.name);
      if (names.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toEqual(['Chrome · Android']);
    expect((await member.loadPushDevices()).rows[0]!.lastNotifiedAt).not.toBeNull();
  }, 60_000);

  it('retries a 5xx with back-off, and a restart during the back-off loses nothing', async () => {
    const member = await server.signIn('doctor@cgm-portal.example', 3);
    const phone = await withDevice(member, 'flaky');
    service.answer('flaky', 503);
    await member.sendTestNotification();
    const [first] = await service.waitFor('flaky', 1);
    // The retry is queued in the database 5 s later; the server stops and starts in between.
    await server.restart();
    const [, second] = await service.waitFor('flaky', 2, 30_000);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(4_900);
    expect(JSON.parse(phone.decrypt(second!.body)).lang).toBe('en');
    expect(service.pushesTo('flaky')).toHaveLength(2);
  }, 90_000);

  it('refuses an endpoint outside the allowed push services and keys that are not a browser key, changing nothing', async () => {
    const api = await server.signIn('stranger@cgm-portal.example', 3, 'es');
    const good = service.subscriber('stranger').subscription;
    const refused = await errorOf(api.addPushDevice({ subscription: { ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }, name: 'x' }));
    expect(refused).toMatchObject({ code: 400, message: 'Este servidor no acepta el servicio push de este navegador.' });
    const plainHttp = await errorOf(api.addPushDevice({ subscription: { ...good, endpoint: good.endpoint.replace('https:', 'http:') }, name: 'x' }));
    expect(plainHttp).toMatchObject({ code: 400 });
    const badKey = await errorOf(api.addPushDevice({ subscription: { ...good, keys: { p256dh: 'AAAA', auth: good.keys.auth } }, name: 'x' }));
    expect(badKey).toMatchObject({ code: 400 });
    expect((await api.loadPushDevices()).rows).toEqual([]);
    expect(await errorOf(api.sendTestNotification())).toMatchObject({ code: 404 });
  }, 30_000);

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per account when many are added at once`, async () => {
    const api = await server.signIn('stranger@cgm-portal.example', 3);
    const results = await Promise.all(
      Array.from({ length: MAX_PUSH_DEVICES + 10 }, (_, n) => errorOf(api.addPushDevice({ subscription: service.subscriber(`burst-${n}`).subscription, name: `Phone ${n}` }))),
    );
    expect(results.filter((r) => r === null)).toHaveLength(MAX_PUSH_DEVICES);
    expect(results.filter((r) => r?.code === 409)).toHaveLength(10);
    expect((await api.loadPushDevices()).total).toBe(MAX_PUSH_DEVICES);
    // Adding one already listed is an update, not an eleventh device.
    const kept = (await api.loadPushDevices()).rows[0]!;
    const again = await api.addPushDevice({ subscription: service.subscriber(`burst-${kept.name.split(' ')[1]}`).subscription, name: 'Renamed' });
    expect(again).toMatchObject({ id: kept.id, name: 'Renamed' });
    expect((await api.loadPushDevices()).total).toBe(MAX_PUSH_DEVICES);
  }, 60_000);

  it("removes only the account's own devices", async () => {
    const owner = await server.signIn('follower@cgm-portal.example', 3);
    const other = await server.signIn('stranger@cgm-portal.example', 3);
    const [device] = (await owner.loadPushDevices()).rows;
    expect(await errorOf(other.removePushDevice({ id: device!.id }))).toMatchObject({ code: 404 });
    expect((await owner.loadPushDevices()).rows.map((d) => d.id)).toContain(device!.id);
    await owner.removePushDevice({ id: device!.id });
    expect((await owner.loadPushDevices()).rows.map((d) => d.id)).not.toContain(device!.id);
  }, 30_000);
});
