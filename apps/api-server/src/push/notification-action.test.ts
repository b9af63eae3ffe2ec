import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_ACTION_PATH, type AlarmPush } from '@cgm-portal/api-client/contract';
import { startPushService, type Subscriber, type TestPushService } from '../test-support/push-service';
import { startServer, type RunningServer } from '../test-support/server';

// An urgent low uploaded through Nightscout reaches the follower's phone; its buttons act with
// the push's token alone, and a follower who lost the member's sharing gets nothing more, even
// from a delivery queued before.
let service: TestPushService;
let server: RunningServer;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

beforeAll(async () => {
  service = await startPushService();
  server = await startServer({ NODE_EXTRA_CA_CERTS: service.certificateFile, CGM_PUSH_SERVICE_HOSTS: '127.0.0.1' });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await service?.close();
});

async function setUp(followerPhoneName: string) {
  const member = await server.signIn('demo@cgm-portal.example');
  const follower = await server.signIn('follower@cgm-portal.example', 3, 'ar');
  const secret = (await member.createUploadSecret({ label: 'xDrip+' })).secret;
  const phone = service.subscriber(followerPhoneName);
  await follower.addPushDevice({ subscription: phone.subscription, name: 'Chrome · Android' });
  const upload = async (sgv: number, date: number) => {
    const response = await fetch(`${server.baseUrl}/api/v1/entries`, {
      method: 'POST',
      headers: { 'api-secret': sha1(secret), 'Content-Type': 'application/json' },
      body: JSON.stringify([{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'SingleDown' }]),
    });
    expect(response.status).toBe(200);
  };
  return { member, follower, phone, upload };
}

const act = (token: string, action: string, lanCode = 'ar') => server.post(NOTIFICATION_ACTION_PATH, { token, action }, { lanCode });
const pushOf = (phone: Subscriber, body: Buffer) => JSON.parse(phone.decrypt(body)) as AlarmPush;

describe("an alarm notification's buttons", () => {
  it('snooze and acknowledge with the token alone; a forged token or a follower who lost sharing changes nothing', async () => {
    const { member, follower, phone, upload } = await setUp('actions');
    await upload(50, Date.now() - 120_000);
    const [received] = await service.waitFor('actions', 1);
    const push = pushOf(phone, received!.body);
    expect(push).toMatchObject({ urgent: true, lang: 'ar', dir: 'rtl', tag: expect.stringMatching(/^alarm-\d+$/) });
    expect(push.title).toMatch(/^انخفاض حاد 2\.8 mmol\/L، .+ · /);
    expect(push.actions.map((a) => a.action)).toEqual(['acknowledge', 'snooze30', 'snooze60']);
    const alarmId = Number(push.tag.split('-')[1]);

    // A forged token: a translated refusal, and the alarm rings on.
    const [body, signature] = push.actionToken!.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), r: 1 })).toString('base64url')}.${signature}`;
    expect(await act(forged, 'acknowledge')).toEqual({ code: 410, message: 'انتهت صلاحية هذا الإشعار. افتح التطبيق للتعامل مع الإنذار.' });
    expect((await member.loadAlarms()).rows.find((a) => a.id === alarmId)).toMatchObject({ state: 'raised' });

    // Snooze is the follower's own; acknowledging is for everyone and says who.
    expect((await act(push.actionToken!, 'snooze30')).code).toBe(200);
    const snoozed = (await follower.loadAlarms()).rows.find((a) => a.id === alarmId)!;
    expect(snoozed.state).toBe('snoozed');
    expect(snoozed.snoozedUntil! - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await member.loadAlarms()).rows.find((a) => a.id === alarmId)).toMatchObject({ state: 'raised' });
    expect((await act(push.actionToken!, 'acknowledge')).code).toBe(200);
    expect((await member.loadAlarms()).rows.find((a) => a.id === alarmId)).toMatchObject({ state: 'acknowledged', acknowledgedBy: expect.any(String) });

    // Once the member stops sharing, the old notification's token opens nothing.
    await upload(120, Date.now() - 60_000);
    await upload(48, Date.now() - 30_000);
    const [, second] = await service.waitFor('actions', 2);
    const next = pushOf(phone, second!.body);
    const relation = (await member.loadFollowerList({ page: 1, rows: 10 })).rows.find((r) => r.followerEmail === 'follower@cgm-portal.example')!;
    await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 0 });
    expect((await act(next.actionToken!, 'acknowledge')).code).toBe(403);
    expect((await member.loadAlarms()).rows.find((a) => a.id === Number(next.tag.split('-')[1]))).toMatchObject({ state: 'raised' });
    await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 1 });
  }, 90_000);

  it('a delivery queued before the member stopped sharing is dropped when its retry comes', async () => {
    const { member, upload } = await setUp('lost-sharing');
    const relation = (await member.loadFollowerList({ page: 1, rows: 10 })).rows.find((r) => r.followerEmail === 'follower@cgm-portal.example')!;
    // The first try fails with 503, so the delivery waits in the queue for its retry (5 s).
    service.answer('lost-sharing', 503);
    await upload(120, Date.now() - 20_000);
    await upload(45, Date.now() - 10_000);
    await service.waitFor('lost-sharing', 1);
    await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 0 });
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(service.pushesTo('lost-sharing')).toHaveLength(1);
  }, 60_000);
});
