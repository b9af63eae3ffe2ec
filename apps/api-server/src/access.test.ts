import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from './test-support/server';

const DAY = 86_400_000;
const now = Date.now();
let server: RunningServer;
let demo: ApiClient;
let pet: ApiClient;
let follower: ApiClient;
let doctor: ApiClient;
let stranger: ApiClient;
let demoId: number;
let petId: number;

beforeAll(async () => {
  server = await startServer();
  [demo, pet, follower, doctor, stranger] = await Promise.all([
    server.signIn('demo@cgm-portal.example'),
    server.signIn('pet@cgm-portal.example'),
    server.signIn('follower@cgm-portal.example'),
    server.signIn('doctor@cgm-portal.example'),
    server.signIn('stranger@cgm-portal.example'),
  ]);
  demoId = (await demo.getUserInfo()).memberId;
  petId = (await pet.getUserInfo()).memberId;
});
afterAll(() => server?.stop());

/** Every read of a member's data; each must answer "no permission" when access is not allowed. */
function everyRead(api: ApiClient, memberId: number) {
  return {
    loadReadings: () => api.loadReadings({ memberId, from: now - DAY, to: now }),
    loadSessions: () => api.loadSessions({ memberId }),
    loadEvents: () => api.loadEvents({ memberId }),
    getDeviceList: () => api.getDeviceList({ memberId }),
    loadReport: () => api.loadReport({ memberId, from: now - DAY, to: now }),
    loadMemberInfoById: () => api.loadMemberInfoById({ memberId }),
    loadFollowedMemberInfo: () => api.loadFollowedMemberInfo({ memberId }),
  };
}

async function expectNothing(api: ApiClient, memberId: number) {
  for (const [name, read] of Object.entries(everyRead(api, memberId))) {
    const error = await read().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, name).toMatchObject({ code: 403 });
  }
}

async function expectEverything(api: ApiClient, memberId: number) {
  for (const [name, read] of Object.entries(everyRead(api, memberId))) {
    await expect(read(), name).resolves.toBeTruthy();
  }
}

async function relationOf(memberApi: ApiClient, email: string) {
  const { rows } = await memberApi.loadFollowerList({ page: 1, rows: 50 });
  return rows.find((r) => r.followerEmail === email)!;
}

describe('who may see what', () => {
  it('an approved, sharing follower sees the member, and the member sees when', async () => {
    await expectEverything(follower, demoId);
    const { readings } = await follower.loadReadings({ memberId: demoId, from: now - DAY, to: now });
    expect(readings.length).toBeGreaterThan(200);
    const relation = await relationOf(demo, 'follower@cgm-portal.example');
    expect(relation.fetchedTime).toBeGreaterThan(now - 60_000);
  });

  it('a follower of nobody gets nothing of anybody', async () => {
    await expectNothing(stranger, demoId);
    await expectNothing(stranger, petId);
  });

  it("another member's id gets nothing: not for CGM users, not for other members' followers", async () => {
    await expectNothing(demo, petId);
    await expectNothing(pet, demoId);
    await expectNothing(follower, petId);
    await expectNothing(follower, 99999);
  });

  it('a follower has no data of their own', async () => {
    await expect(follower.loadReadings({ from: now - DAY, to: now })).rejects.toMatchObject({ code: 403 });
  });

  it('a follower whose request is pending gets nothing; approval opens the data', async () => {
    await expectNothing(doctor, demoId);
    const request = await relationOf(demo, 'doctor@cgm-portal.example');
    expect(request.status).toBe(0);
    const approved = await demo.agreedFollowerRequest({ followerRequestId: request.followerRequestId });
    expect(approved).toMatchObject({ status: 1, shareFlag: 1 });
    await expectEverything(doctor, demoId);
  });

  it('stopping sharing shuts the follower out; starting again lets them back', async () => {
    const relation = await relationOf(demo, 'follower@cgm-portal.example');
    await demo.modifyFollowerShareFlag({ followerId: relation.followerId, shareFlag: 0 });
    await expectNothing(follower, demoId);
    await demo.modifyFollowerShareFlag({ followerId: relation.followerId, shareFlag: 1 });
    await expectEverything(follower, demoId);
  });

  it('followers and other members cannot write a member’s data', async () => {
    await expect(follower.addEvent({ time: now, detail: { eventType: 'weight', kg: 70 } })).rejects.toMatchObject({ code: 403 });
    const setting = {
      unit: 'mg/dL', targetLow: 70, targetHigh: 180, lowAlert: 70, urgentLowAlert: 55, highAlert: 250, urgentHighAlert: 300,
    } as const;
    await expect(follower.saveMemberSeting(setting)).rejects.toMatchObject({ code: 403 });
    await expect(follower.createPublicLink({})).rejects.toMatchObject({ code: 403 });
    const session = (await demo.loadSessions({ page: 1, rows: 1 })).rows[0]!;
    await expect(pet.modifySession({ id: session.id, note: 'mine now' })).rejects.toMatchObject({ code: 403 });
    await expect(follower.modifySession({ id: session.id, note: 'mine now' })).rejects.toMatchObject({ code: 403 });
    const event = (await demo.loadEvents({ page: 1, rows: 1 })).rows[0]!;
    await expect(pet.delEvent({ id: event.id })).rejects.toMatchObject({ code: 403 });
    const device = (await demo.getDeviceList({})).rows[0]!;
    await expect(stranger.loadDeviceReport({ memberDeviceId: device.memberDeviceId })).rejects.toMatchObject({ code: 403 });
  });

  it("a member cannot act on another member's followers", async () => {
    const relation = await relationOf(demo, 'follower@cgm-portal.example');
    await expect(pet.modifyFollowerShareFlag({ followerId: relation.followerId, shareFlag: 0 })).rejects.toMatchObject({ code: 404 });
    await expect(pet.delFollower({ followerId: relation.followerId })).rejects.toMatchObject({ code: 404 });
    await expect(stranger.delMyFollower({ followerId: relation.followerId })).rejects.toMatchObject({ code: 404 });
    await expectEverything(follower, demoId);
  });
});

describe('a follow request tells no one who has an account', () => {
  it('answers alike for a CGM user, a follower account and an unknown address, in the caller\'s language', async () => {
    const french = server.client({ language: 'fr' });
    french.token.value = (stranger as typeof french).token.value;
    const answers = [];
    for (const email of ['pet@cgm-portal.example', 'follower@cgm-portal.example', 'nobody-here@cgm-portal.example']) {
      const response = await fetch(`${server.baseUrl}/api/web/follower/addFollowerRequest`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', xToken: french.token.value!, lanCode: 'fr_FR' },
        body: JSON.stringify({ email, message: 'Bonjour' }),
      });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { code: 200, message: 'Demande envoyée. Si un utilisateur CGM a cette adresse e-mail, il la verra' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

describe('adding a follower tells no one who has an account', () => {
  it('answers alike for an account and an unknown address, in the caller\'s language, and stores nothing for the unknown one', async () => {
    const french = server.client({ language: 'fr' });
    french.token.value = (pet as typeof french).token.value;
    const before = (await pet.loadFollowerList({ page: 1, rows: 50 })).rows;
    const answers = [];
    for (const email of ['doctor@cgm-portal.example', 'nobody-there@cgm-portal.example']) {
      const response = await fetch(`${server.baseUrl}/api/web/userFollower/addFollower`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', xToken: french.token.value!, lanCode: 'fr_FR' },
        body: JSON.stringify({ email }),
      });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { code: 200, message: 'Si un compte utilise cette adresse e-mail, il vous suit désormais et voit les données que vous partagez' } });
    expect(answers[1]).toEqual(answers[0]);
    const after = (await pet.loadFollowerList({ page: 1, rows: 50 })).rows;
    expect(after.map((r) => r.followerEmail).sort()).toEqual(before.map((r) => r.followerEmail).sort());
    expect(after.find((r) => r.followerEmail === 'doctor@cgm-portal.example')).toMatchObject({ status: 1, shareFlag: 1 });
  });
});

describe('following, as spec §4 tells it', () => {
  it('request, duplicate refused, reject, ask again, approve, note, stop sharing, remove', async () => {
    await stranger.addFollowerRequest({ email: 'demo@cgm-portal.example', message: 'Hello from Jordan' });
    const request = await relationOf(demo, 'stranger@cgm-portal.example');
    expect(request).toMatchObject({ status: 0, shareFlag: 0, followerEmail: 'stranger@cgm-portal.example' });
    // Asking again while it is pending changes nothing; asking oneself is refused.
    await stranger.addFollowerRequest({ email: 'demo@cgm-portal.example', message: 'again' });
    expect(await relationOf(demo, 'stranger@cgm-portal.example')).toEqual(request);
    await expect(stranger.addFollowerRequest({ email: 'stranger@cgm-portal.example', message: 'me' })).rejects.toMatchObject({ code: 409 });

    const pending = await demo.loadFollowerList({ page: 1, rows: 10, status: 0 });
    expect(pending.rows.map((r) => r.followerEmail)).toContain('stranger@cgm-portal.example');
    // Sharing needs approval first.
    await expect(demo.modifyFollowerShareFlag({ followerId: request.followerId, shareFlag: 1 })).rejects.toMatchObject({ code: 409 });

    await demo.rejectFollowerRequest({ followerRequestId: request.followerRequestId });
    await expectNothing(stranger, demoId);
    await stranger.addFollowerRequest({ email: 'demo@cgm-portal.example', message: 'Please?' });
    expect(await relationOf(demo, 'stranger@cgm-portal.example')).toMatchObject({ status: 0, id: request.id });

    // The generic status call of the spec, /web/follower { id, status }.
    const approved = await demo.setFollowerStatus({ id: request.id, status: 1 });
    expect(approved.status).toBe(1);
    await expectEverything(stranger, demoId);

    const noted = await demo.modifyFollowerNote({ followerId: request.followerId, note: 'Neighbour' });
    expect(noted.note).toBe('Neighbour');
    const mine = await stranger.loadMyFollowers({ memberEmail: 'demo@', pageNumber: 1, PageSize: 10 });
    expect(mine.total).toBe(1);
    expect(mine.rows[0]).toMatchObject({ memberEmail: 'demo@cgm-portal.example', status: 1, shareFlag: 1 });

    await demo.delFollower({ followerId: request.followerId });
    await expectNothing(stranger, demoId);
  });

  it('a follower may unfollow', async () => {
    const relation = (await doctor.loadMyFollowers({})).rows.find((r) => r.memberEmail === 'pet@cgm-portal.example')!;
    await expectEverything(doctor, petId);
    await doctor.delMyFollower({ followerId: relation.followerId });
    await expectNothing(doctor, petId);
    expect((await pet.loadFollowerList({})).rows.map((r) => r.followerEmail)).not.toContain('doctor@cgm-portal.example');
  });

  it('a member may add a follower directly, approved and sharing', async () => {
    await pet.addFollower({ email: 'doctor@cgm-portal.example', note: 'Vet again' });
    expect((await relationOf(pet, 'doctor@cgm-portal.example'))).toMatchObject({ status: 1, shareFlag: 1, note: 'Vet again', name: 'Dr. Priya Shah' });
    await expectEverything(doctor, petId);
  });

  it('searches the follower list by account', async () => {
    const found = await demo.loadFollowerList({ page: 1, rows: 10, keyword: 'FOLLOWER@' });
    expect(found.rows.map((r) => r.followerEmail)).toEqual(['follower@cgm-portal.example']);
  });
});
