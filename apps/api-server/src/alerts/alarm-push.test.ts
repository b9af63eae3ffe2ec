import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type TestPushService } from '../test-support/push-service';
import { startServer, type RunningServer } from '../test-support/server';

// From an upload to a carer's phone: the real server evaluates a Nightscout upload, queues the
// push, and the loopback push service receives it encrypted for the follower's browser.
let service: TestPushService;
let server: RunningServer;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

beforeAll(async () => {
  service = await startPushService();
  server = await startServer({ NODE_EXTRA_CA_CERTS: service.certificateFile, CGM_PUSH_SERVICE_HOSTS: '127.0.0.1', CGM_VAPID_SUBJECT: 'mailto:carers@cgm-portal.example' });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await service?.close();
});

describe('an alarm on a carer’s phone', () => {
  it('pushes an urgent low uploaded through Nightscout to the follower in their language, urgently; after sharing stops, never again', async () => {
    const member = await server.signIn('demo@cgm-portal.example');
    const follower = await server.signIn('follower@cgm-portal.example', 3, 'fr');
    const secret = (await member.createUploadSecret({ label: 'xDrip+' })).secret;
    const phone = service.subscriber('sam-phone');
    await follower.addPushDevice({ subscription: phone.subscription, name: 'Chrome · Android' });
    const memberPhone = service.subscriber('alex-phone');
    await member.addPushDevice({ subscription: memberPhone.subscription, name: 'Chrome · Android' });
    const upload = async (sgv: number, date: number) => {
      const response = await fetch(`${server.baseUrl}/api/v1/entries`, {
        method: 'POST',
        headers: { 'api-secret': sha1(secret), 'Content-Type': 'application/json' },
        body: JSON.stringify([{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'SingleDown' }]),
      });
      expect(response.status).toBe(200);
    };

    const now = Date.now();
    await upload(50, now - 60_000);
    const [push] = await service.waitFor('sam-phone', 1);
    expect(JSON.parse(phone.decrypt(push!.body))).toMatchObject({ urgent: true, lang: 'fr' });
    expect(push!.headers.urgency).toBe('high');
    await service.waitFor('alex-phone', 1);

    // Sharing stops; the glucose recovers and falls again: a new alarm, for Alex only.
    const relation = (await member.loadFollowerList({ page: 1, rows: 10 })).rows.find((r) => r.followerEmail === 'follower@cgm-portal.example')!;
    await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 0 });
    await upload(120, now - 30_000);
    await upload(48, now);
    await service.waitFor('alex-phone', 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.pushesTo('sam-phone')).toHaveLength(1);
  }, 60_000);
});
