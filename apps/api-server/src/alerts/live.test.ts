import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream as openLiveStream, type Heard } from '../test-support/live-stream';
import { startServer, type RunningServer } from '../test-support/server';

/**
 * The alert engine and the live stream through the real server: an upload through the
 * Nightscout API reaches open streams, raises an alarm the calls list, and an acknowledgement by
 * one recipient reaches the other's stream.
 */
let server: RunningServer;
let member: Awaited<ReturnType<RunningServer['signIn']>>;
let follower: Awaited<ReturnType<RunningServer['signIn']>>;
let secret: string;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

beforeAll(async () => {
  server = await startServer();
  member = await server.signIn('demo@cgm-portal.example');
  follower = await server.signIn('follower@cgm-portal.example');
  secret = (await member.createUploadSecret({ label: 'xDrip+' })).secret;
}, 120_000);
afterAll(() => server?.stop());

const openStream = (token: string | null) => openLiveStream(server.baseUrl, token);

const upload = async (sgv: number, date = Date.now()) => {
  const response = await fetch(`${server.baseUrl}/api/v1/entries`, {
    method: 'POST',
    headers: { 'api-secret': sha1(secret), 'Content-Type': 'application/json' },
    body: JSON.stringify([{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'SingleDown' }]),
  });
  expect(response.status).toBe(200);
};

describe('the live stream', () => {
  it('refuses a stream without a valid session, as the calls do', async () => {
    const none = await openStream(null);
    expect(await none.response.json()).toMatchObject({ code: 300 });
    const wrong = await openStream('not-a-token');
    expect(await wrong.response.json()).toMatchObject({ code: 300 });
  });

  it('carries an upload to the member’s and the follower’s streams, raises the alarm, and carries the acknowledgement across', async () => {
    const [mine, theirs, stranger] = await Promise.all([
      openStream(member.token.value),
      openStream(follower.token.value),
      openStream((await server.signIn('stranger@cgm-portal.example')).token.value),
    ]);
    try {
      const now = Date.now();
      await upload(140, now - 60_000);
      const reading = (h: Heard) => h.event === 'reading' && h.data.time === now - 60_000;
      expect((await theirs.next(reading)).data).toMatchObject({ value: 140, trend: 'falling' });
      await mine.next(reading);

      await upload(48, now);
      const raised = (h: Heard) => h.event === 'alarms' && (h.data.alarms as { state: string }[]).some((a) => a.state === 'raised');
      const [forMember, forFollower] = await Promise.all([mine.next(raised), theirs.next(raised)]);
      expect((forFollower.data.alarms as unknown[])[0]).toMatchObject({ kind: 'urgentLow', glucose: 48, memberName: 'Alex Morgan', state: 'raised' });
      expect(forMember.data.memberId).toBe(forFollower.data.memberId);

      const listed = await follower.loadAlarms();
      expect(listed.rows).toHaveLength(1);
      const alarm = listed.rows[0]!;
      expect(await (await server.signIn('stranger@cgm-portal.example')).loadAlarms()).toMatchObject({ rows: [] });

      // The follower says "I've got it": the member's open page hears who.
      const acknowledged = (h: Heard) => h.event === 'alarms' && (h.data.alarms as { state: string }[]).some((a) => a.state === 'acknowledged');
      const answer = await follower.acknowledgeAlarm({ alarmId: alarm.id });
      expect(answer).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'Sam Morgan' });
      expect(((await mine.next(acknowledged)).data.alarms as unknown[])[0]).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'Sam Morgan' });
      expect((await member.loadAlarms()).rows[0]).toMatchObject({ id: alarm.id, state: 'acknowledged' });
      expect(stranger.heard, 'the stranger hears nothing of Alex').toEqual([]);
    } finally {
      mine.close();
      theirs.close();
      stranger.close();
    }
  });
});

describe('the alarm calls', () => {
  it('refuse what the caller may not do, in their language, and change nothing', async () => {
    const stranger = await server.signIn('stranger@cgm-portal.example', undefined, 'fr');
    const alarms = (await member.loadAlarms()).rows;
    const someone = alarms[0]?.id ?? 1;
    await expect(stranger.acknowledgeAlarm({ alarmId: someone })).rejects.toMatchObject({ code: 403 });
    await expect(stranger.snoozeAlarm({ alarmId: someone, minutes: 30 })).rejects.toMatchObject({ code: 403 });
    const memberId = (await member.loadAlertPreferences()).rows[0]!.memberId;
    const choice = { memberId, kinds: { urgentLow: true, low: false, high: true, urgentHigh: true, noData: true }, quietStart: '22:00', quietEnd: '07:00', sound: false };
    await expect(stranger.saveAlertPreference(choice)).rejects.toMatchObject({ code: 403 });
    expect(await server.post('/web/alarm/snoozeAlarm', { alarmId: someone, minutes: 45 }, { xToken: follower.token.value! })).toMatchObject({ code: 400 });
    expect(await server.post('/web/alarm/saveAlertPreference', { ...choice, quietEnd: null }, { xToken: follower.token.value!, lanCode: 'fr_FR' })).toMatchObject({ code: 400 });
    expect((await follower.loadAlertPreferences()).rows).toEqual([
      { memberId, memberName: 'Alex Morgan', kinds: { urgentLow: true, low: true, high: true, urgentHigh: true, noData: true }, quietStart: null, quietEnd: null, sound: true },
    ]);
    expect(await follower.saveAlertPreference(choice)).toMatchObject({ kinds: { low: false }, quietStart: '22:00', sound: false });
    expect((await follower.loadAlertPreferences()).rows[0]).toMatchObject({ kinds: { low: false }, quietEnd: '07:00' });
  });

  it('stop sharing: the follower’s stream hears no more readings and their alarm list empties', async () => {
    const theirs = await openStream(follower.token.value);
    try {
      const relation = (await member.loadFollowerList({ page: 1, rows: 10 })).rows.find((r) => r.followerEmail === 'follower@cgm-portal.example')!;
      await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 0 });
      const mine = await openStream(member.token.value);
      const time = Date.now() + 1000;
      await upload(150, time);
      await mine.next((h) => h.event === 'reading' && h.data.time === time);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(theirs.heard.filter((h) => h.event === 'reading' && h.data.time === time)).toEqual([]);
      expect((await follower.loadAlarms()).rows).toEqual([]);
      mine.close();
      await member.modifyFollowerShareFlag({ followerId: relation.id, shareFlag: 1 });
    } finally {
      theirs.close();
    }
  });
});
