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

const uploader = (target: () => RunningServer, secret: string) => async (sgv: number, date: number) => {
  const response = await fetch(`${target().baseUrl}/api/v1/entries`, {
    method: 'POST',
    headers: { 'api-secret': sha1(secret), 'Content-Type': 'application/json' },
    body: JSON.stringify([{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'SingleDown' }]),
  });
  expect(response.status).toBe(200);
};

describe('an alarm on a carer’s phone', () => {
  it('pushes an urgent low uploaded through Nightscout to the follower in their language, urgently; after sharing stops, never again', async () => {
    const member = await server.signIn('demo@cgm-portal.example');
    const follower = await server.signIn('follower@cgm-portal.example', 3, 'fr');
    const secret = (await member.createUploadSecret({ label: 'xDrip+' })).secret;
    const phone = service.subscriber('sam-phone');
    await follower.addPushDevice({ subscription: phone.subscription, name: 'Chrome · Android' });
    const memberPhone = service.subscriber('alex-phone');
    await member.addPushDevice({ subscription: memberPhone.subscription, name: 'Chrome · Android' });
    const upload = uploader(() => server, secret);

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

describe('an alarm across a restart', () => {
  // Its own server on a frozen clock (CGM_TEST_CLOCK), so that the restart can move the clock on
  // by the urgent-low repeat interval instead of the test waiting five real minutes.
  const raisedAt = Date.parse('2026-03-10T03:00:00.000Z');
  const MIN = 60_000;
  let frozen: RunningServer | undefined;
  afterAll(async () => {
    await frozen?.stop();
  });

  it('repeats an urgent low raised before the restart to the carer’s phone, once, 5 minutes later', async () => {
    const clockAt = (t: number) => ({ CGM_TEST_CLOCK: new Date(t).toISOString() });
    frozen = await startServer({
      NODE_EXTRA_CA_CERTS: service.certificateFile,
      CGM_PUSH_SERVICE_HOSTS: '127.0.0.1',
      CGM_ALERT_TICK_MS: '200',
      ...clockAt(raisedAt),
    });
    const member = await frozen.signIn('demo@cgm-portal.example');
    const follower = await frozen.signIn('follower@cgm-portal.example', 3, 'it');
    const phone = service.subscriber('restart-phone');
    await follower.addPushDevice({ subscription: phone.subscription, name: 'Firefox · Android' });
    const secret = (await member.createUploadSecret({ label: 'xDrip+' })).secret;
    await uploader(() => frozen!, secret)(50, raisedAt - MIN);
    const [raised] = await service.waitFor('restart-phone', 1);
    const first = JSON.parse(phone.decrypt(raised!.body)) as { tag: string; lang: string; urgent: boolean };
    expect(first).toMatchObject({ urgent: true, lang: 'it' });

    // Four minutes on, the alarm is not due: the new process says nothing.
    await frozen.restart(clockAt(raisedAt + 4 * MIN));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.pushesTo('restart-phone')).toHaveLength(1);

    // Five minutes after it was raised, the process that never saw it repeats it: the same alarm
    // (its tag), to the same phone, once however many rounds its timer makes.
    await frozen.restart(clockAt(raisedAt + 5 * MIN + 1000));
    const [, repeated] = await service.waitFor('restart-phone', 2, 30_000);
    const second = JSON.parse(phone.decrypt(repeated!.body)) as { tag: string; lang: string; urgent: boolean };
    expect(second).toMatchObject({ tag: first.tag, urgent: true, lang: 'it' });
    expect(repeated!.headers.urgency).toBe('high');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.pushesTo('restart-phone')).toHaveLength(2);
  }, 120_000);
});
