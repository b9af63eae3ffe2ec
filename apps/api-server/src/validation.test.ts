import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from './test-support/server';

let server: RunningServer;
let demo: ApiClient & { token: { value: string | null } };
const auth = () => ({ xToken: demo.token.value! });

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
});
afterAll(() => server?.stop());

describe('malformed payloads', () => {
  it('a body that is not JSON gets a clear message', async () => {
    const answer = await server.post('/web/glucose/loadReadings', '{"from": 1,', auth());
    expect(answer).toEqual({ code: 400, message: 'The request could not be read' });
  });

  it('names the offending field, in the language of the request', async () => {
    expect(await server.post('/web/glucose/loadReadings', { from: 'yesterday', to: 2 }, auth())).toEqual({
      code: 400,
      message: 'Invalid value for field "from"',
    });
    const hourAgo = Date.now() - 3_600_000;
    expect(await server.post('/web/glucose/loadReadings', { from: hourAgo, to: hourAgo + 1, extra: true }, { ...auth(), lanCode: 'fr' })).toEqual({
      code: 400,
      message: 'Valeur non valide pour le champ « extra »',
    });
    expect(await server.post('/web/event/addEvent', { time: hourAgo, detail: { eventType: 'meal', mealTag: 'Brunch', carbs: 10 } }, { ...auth(), lanCode: 'zh_CN' })).toEqual({
      code: 400,
      message: '字段“detail.mealTag”的值无效',
    });
    const arabic = await server.post('/web/user/login', { loginType: 4, email: 'demo@cgm-portal.example', password: 'x' }, { lanCode: 'ar' });
    expect(arabic.message).toBe('قيمة غير صالحة للحقل "loginType"');
  });

  it('refuses spans that are backwards or too long', async () => {
    const now = Date.now();
    await expect(demo.loadReadings({ from: now, to: now - 1 })).rejects.toMatchObject({ code: 400 });
    await expect(demo.loadReadings({ from: 0, to: now })).rejects.toMatchObject({ code: 400 });
  });

  it('an invalid payload changes nothing', async () => {
    const before = (await demo.loadMyMemberInfo()).memberInfos[0]!;
    // urgentLow above low: refused as a whole, nothing half-saved.
    await expect(
      demo.saveMemberSeting({ unit: 'mg/dL', targetLow: 60, targetHigh: 200, lowAlert: 70, urgentLowAlert: 80, highAlert: 250, urgentHighAlert: 300 }),
    ).rejects.toMatchObject({ code: 400 });
    await expect(demo.saveMemberInfo({ memberName: '', remarks: 'changed?' })).rejects.toMatchObject({ code: 400 });
    await expect(demo.saveMemberInfo({ memberName: 'Alex', diabetesDiagnosisYear: 2999 })).rejects.toMatchObject({ code: 400 });
    await expect(demo.saveMemberInfo({ memberName: 'Alex', avatar: 'https://evil.example/x.png' })).rejects.toMatchObject({ code: 400 });
    await expect(demo.saveMemberInfo({ memberName: 'Alex', timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ code: 400 });
    const after = (await demo.loadMyMemberInfo()).memberInfos[0]!;
    expect(after).toEqual(before);
  });

  it('refuses wrong event payloads for each type', async () => {
    const bad = [
      { eventType: 'BG', mgdl: 5 },
      { eventType: 'insulin', insulinKind: 'Rapid', units: 2 },
      { eventType: 'sport', sportName: '', durationMinutes: 30, intensity: 'light' },
      { eventType: 'weight', kg: -1 },
      { eventType: 'teleport' },
    ];
    for (const detail of bad) {
      const answer = await server.post('/web/event/addEvent', { time: Date.now(), detail }, auth());
      expect(answer.code, JSON.stringify(detail)).toBe(400);
    }
  });

  it('checks login payloads: one address, one credential', async () => {
    expect((await server.post('/web/user/login', { loginType: 2, password: 'x' }, {})).code).toBe(400);
    expect((await server.post('/web/user/login', { loginType: 2, email: 'a@b.example', mobile: '+4411111111', password: 'x' }, {})).code).toBe(400);
    expect((await server.post('/web/user/login', { loginType: 2, email: 'a@b.example', password: 'x', verifyCode: '123456' }, {})).code).toBe(400);
    expect((await server.post('/web/user/login', { loginType: 2, email: 'not-an-email', password: 'x' }, {})).code).toBe(400);
  });

  it('refuses a follower share flag other than 0 or 1 and paging out of range', async () => {
    expect((await server.post('/web/userFollower/modifyFollowerShareFlag', { followerId: 1, shareFlag: 2 }, auth())).code).toBe(400);
    expect((await server.post('/web/event/loadEvents', { page: 0, rows: 10 }, auth())).code).toBe(400);
    expect((await server.post('/web/follower/loadMyFollowers', { pageNumber: 1, PageSize: 100000 }, auth())).code).toBe(400);
  });

  it('a public link id that is not base64url of 128+ bits is refused before any lookup', async () => {
    expect((await server.post('/web/publicReport/loadReport', { id: 'short' }, {})).code).toBe(400);
  });

  it('an unknown /api path answers 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/web/nothing/here`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('refuses bodies over 3 MB before reading them', async () => {
    const response = await fetch(`${server.baseUrl}/api/web/member/saveMemberInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth() },
      body: JSON.stringify({ memberName: 'x', remarks: 'y'.repeat(4 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 413, message: 'The request is too large' });
  });
});
