import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from './test-support/server';

const DAY = 86_400_000;
let server: RunningServer;
let demo: ApiClient;
let pet: ApiClient;
const now = Date.now();

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
  pet = await server.signIn('pet@cgm-portal.example');
});
afterAll(() => server?.stop());

// A 1x1 transparent PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('profile and settings', () => {
  it('loads my member info with memberSeting and timeZone', async () => {
    const { memberInfos } = await demo.loadMyMemberInfo();
    expect(memberInfos[0]).toMatchObject({
      email: 'demo@cgm-portal.example',
      timeZone: 'Europe/London',
      diabeteType: 2,
      memberSeting: { unit: 'mmol/L', targetLow: 70, targetHigh: 180 },
    });
    const cat = (await pet.loadMyMemberInfo()).memberInfos[0]!;
    expect(cat).toMatchObject({ petType: 'cat', memberName: 'Miso', insulinType: 'Insulin Glargine', syringeType: 40 });
    expect(cat.age).toBeGreaterThanOrEqual(11);
  });

  it('saves the profile; a diabetes type of "none" clears the diagnosis year', async () => {
    await demo.saveMemberInfo({ memberName: 'Alex M.', diabetesType: 1, diabetesDiagnosisYear: 2009, remarks: 'pump soon' });
    let info = (await demo.loadMyMemberInfo()).memberInfos[0]!;
    expect(info).toMatchObject({ memberName: 'Alex M.', diabetesType: 1, diabetesDiagnosisYear: null, remarks: 'pump soon' });
    await demo.saveMemberInfo({ memberName: 'Alex Morgan', diabetesType: 2, diabetesDiagnosisYear: 2009 });
    info = (await demo.loadMyMemberInfo()).memberInfos[0]!;
    expect(info).toMatchObject({ memberName: 'Alex Morgan', diabetesDiagnosisYear: 2009, dateOfDignose: '2009' });
  });

  it('saves the pet fields', async () => {
    await pet.saveMemberInfo({ memberName: 'Miso', weight: 5.4, insulinDose: 2.5, syringeType: 100, breed: 'British Shorthair' });
    const cat = (await pet.loadMyMemberInfo()).memberInfos[0]!;
    expect(cat).toMatchObject({ weight: 5.4, insulinDose: 2.5, syringeType: 100 });
  });

  it('saves settings: unit, custom target range and the four alerts', async () => {
    const saved = await demo.saveMemberSeting({
      unit: 'mg/dL', targetLow: 80, targetHigh: 170, lowAlert: 72, urgentLowAlert: 54, highAlert: 240, urgentHighAlert: 320,
    });
    expect(saved.targetLow).toBe(80);
    const info = (await demo.loadMyMemberInfo()).memberInfos[0]!;
    expect(info.memberSeting).toEqual(saved);
    const byId = await demo.loadMemberInfoById({ memberId: info.memberId });
    expect(byId).toMatchObject({ unit: 'mg/dL', timeZone: 'Europe/London' });
  });

  it('saves how often an unacknowledged alert repeats, keeps it when a save leaves it out, and refuses less than 5 minutes', async () => {
    const thresholds = { unit: 'mg/dL' as const, targetLow: 80, targetHigh: 170, lowAlert: 72, urgentLowAlert: 54, highAlert: 240, urgentHighAlert: 320 };
    expect((await demo.saveMemberSeting(thresholds)).alertRepeatMinutes, 'the default').toBe(30);
    expect((await demo.saveMemberSeting({ ...thresholds, alertRepeatMinutes: 15 })).alertRepeatMinutes).toBe(15);
    expect((await demo.saveMemberSeting(thresholds)).alertRepeatMinutes).toBe(15);
    await expect(demo.saveMemberSeting({ ...thresholds, alertRepeatMinutes: 3 })).rejects.toMatchObject({ code: 400 });
    expect((await demo.loadMyMemberInfo()).memberInfos[0]!.memberSeting.alertRepeatMinutes).toBe(15);
  });

  it('uploads an avatar, serves it, and the client prefixes the URL', async () => {
    const fileServer = server.client({ fileServerUrl: 'https://files.example' });
    fileServer.token.value = (demo as unknown as { token: { value: string } }).token.value;
    const { fileUrl } = await demo.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    expect(fileUrl).toMatch(new RegExp(`^${server.baseUrl}/api/files/memberAvatar/[\\w-]{22}\\.png$`));
    const served = await fetch(fileUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer()).slice(0, 8)).toEqual(PNG.slice(0, 8));
    expect((await fileServer.getUserInfo()).avatar).toBe(fileUrl.replace(server.baseUrl, 'https://files.example'));
    await expect(
      demo.uploadImage({ file: new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), subPath: 'memberAvatar' }),
    ).rejects.toMatchObject({ code: 400 });
  });

  it('keeps only the pixels of an avatar: a payload hidden after the image is gone', async () => {
    const hidden = new TextEncoder().encode('<script>alert(1)</script>');
    const { fileUrl } = await demo.uploadImage({ file: new Blob([PNG, hidden], { type: 'image/png' }), subPath: 'memberAvatar' });
    const served = Buffer.from(await (await fetch(fileUrl)).arrayBuffer());
    expect(served.subarray(0, 8)).toEqual(Buffer.from(PNG.slice(0, 8)));
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('deletes the replaced avatar file when a new one is saved', async () => {
    const first = await demo.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    const second = await demo.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    expect((await fetch(second.fileUrl)).status).toBe(200);
    expect((await fetch(first.fileUrl)).status).toBe(404);
  });

  it('accepts at most 20 avatar uploads per member per hour, even from a parallel burst of 30', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => pet.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' })),
    );
    const accepted = answers.filter((a): a is PromiseFulfilledResult<{ fileUrl: string }> => a.status === 'fulfilled');
    expect(accepted).toHaveLength(20);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused.every((a) => (a.reason as { code: number }).code === 429)).toBe(true);
    // Twenty parallel replacements leave one file, the avatar in use: none is orphaned.
    const statuses = await Promise.all(accepted.map(async (a) => [a.value.fileUrl, (await fetch(a.value.fileUrl)).status] as const));
    const kept = statuses.filter(([, status]) => status === 200).map(([url]) => url);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain((await pet.getUserInfo()).avatar.replace(/^.*\/api\/files\//, ''));
  });

  it("cannot delete another member's avatar by pointing its own at it first", async () => {
    const theirs = await demo.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    const path = theirs.fileUrl.slice(theirs.fileUrl.indexOf('/api/files/'));
    const doctor = await server.signIn('doctor@cgm-portal.example');
    await doctor.saveMemberInfo({ memberName: 'Dr Who', avatar: path });
    await doctor.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    expect((await fetch(theirs.fileUrl)).status).toBe(200);
  });

  it('answers a truncated multipart upload with a translated 400, not a server error', async () => {
    const token = (demo as unknown as { token: { value: string } }).token.value;
    const boundary = 'cgmBoundary42';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    const response = await fetch(`${server.baseUrl}/api/web/uploadfile/uploadImage`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, xToken: token, lanCode: 'de' },
      body: truncated,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { code: number; message: string };
    expect(answer.code).toBe(400);
    expect(answer.message).not.toMatch(/malformed/i);
  });
});

describe('glucose data', () => {
  it('loads 90 days of 5-minute readings as UTC ms and integer mg/dL, ascending', async () => {
    const { readings, timeZone } = await demo.loadReadings({ from: now - 90 * DAY, to: now });
    expect(timeZone).toBe('Europe/London');
    expect(readings.length).toBeGreaterThan(23_000);
    expect(readings.length).toBeLessThanOrEqual(90 * 288);
    for (let i = 1; i < readings.length; i++) {
      expect(readings[i]!.time).toBeGreaterThan(readings[i - 1]!.time);
      expect(Number.isInteger(readings[i]!.mgdl)).toBe(true);
    }
    expect(readings.at(-1)!.time).toBeGreaterThan(now - DAY);
  });

  it('lists sensor sessions of 14 days with their states, and edits one', async () => {
    const { rows, total } = await demo.loadSessions({ page: 1, rows: 20 });
    expect(total).toBeGreaterThanOrEqual(7);
    expect(rows[0]!.status).toMatch(/active|initializing/);
    expect(rows.some((s) => s.status === 'ended')).toBe(true);
    expect(rows.every((s) => s.expireTime - s.startTime === 14 * DAY)).toBe(true);
    const edited = await demo.modifySession({ id: rows[1]!.id, note: 'Arm, left' });
    expect(edited.note).toBe('Arm, left');
    await expect(demo.modifySession({ id: rows[1]!.id, endTime: rows[1]!.startTime - 1 })).rejects.toMatchObject({ code: 400 });
  });

  it('pages events and filters by type; the demo has all eight types', async () => {
    const all = await demo.loadEvents({ page: 1, rows: 10 });
    expect(all.rows).toHaveLength(10);
    const page2 = await demo.loadEvents({ page: 2, rows: 10 });
    expect(page2.rows[0]!.time).toBeLessThanOrEqual(all.rows[9]!.time);
    for (const eventType of ['BG', 'meal', 'sport', 'insulin', 'alert', 'calibration', 'meds', 'weight'] as const) {
      const page = await demo.loadEvents({ page: 1, rows: 5, eventType });
      expect(page.total, eventType).toBeGreaterThan(0);
      expect(page.rows.every((e) => e.eventType === eventType)).toBe(true);
    }
    const meals = await demo.loadEvents({ page: 1, rows: 50, eventType: 'meal' });
    expect(meals.rows[0]!.detail).toMatchObject({ eventType: 'meal' });
  });

  it('adds and deletes an event; a BG event is also a finger-stick reading', async () => {
    const event = await demo.addEvent({ time: now - 60_000, note: 'before run', detail: { eventType: 'BG', mgdl: 142 } });
    expect(event).toMatchObject({ eventType: 'BG', description: '142 mg/dL', note: 'before run' });
    const insulin = await demo.addEvent({ time: now, detail: { eventType: 'insulin', insulinKind: 'Pre_mixed', units: 4 } });
    expect(insulin.description).toBe('Pre_mixed 4 U');
    await demo.delEvent({ id: insulin.id });
    const list = await demo.loadEvents({ page: 1, rows: 5, eventType: 'insulin', from: now - 1, to: now + 1 });
    expect(list.total).toBe(0);
  });

  it('lists devices and answers the device report', async () => {
    const { rows } = await demo.getDeviceList({ page: 1, rows: 10 });
    expect(rows[0]).toMatchObject({ sn: 'TX-4A91C7', timeZone: 'Europe/London', sensorExpired: false });
    const report = await demo.loadDeviceReport({ memberDeviceId: rows[0]!.memberDeviceId });
    expect(report.sessions.length).toBeGreaterThan(5);
    expect(report.summary?.count).toBeGreaterThan(3000);
  });

  it('answers report data with the summary and the AGP profile', async () => {
    const report = await demo.loadReport({ from: now - 14 * DAY, to: now });
    expect(report.readings.length).toBeGreaterThan(3000);
    expect(report.summary?.mean).toBeGreaterThan(90);
    expect(report.summary?.tir).toBeGreaterThan(0.3);
    expect(report.agp?.bins).toHaveLength(96);
    expect(report.eventCounts.meal).toBeGreaterThan(30);
    const empty = await demo.loadReport({ from: now - 400 * DAY, to: now - 300 * DAY });
    expect(empty).toMatchObject({ readings: [], summary: null, agp: null });
  });
});

describe('public report links', () => {
  it('creates an unguessable link that opens the report without login, then revokes it', async () => {
    const link = await demo.createPublicLink({ spanDays: 14, lang: 'fr' });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.path).toBe(`/report/fr/${link.id}`);
    const anonymous = server.client();
    const report = await anonymous.loadPublicReport({ id: link.id });
    expect(report.member.memberName).toBe('Alex Morgan');
    expect(report.readings.length).toBeGreaterThan(3000);
    const listed = await demo.loadPublicLinks({ page: 1, rows: 10 });
    expect(listed.rows.map((l) => l.id)).toContain(link.id);
    await demo.revokePublicLink({ id: link.id });
    await expect(anonymous.loadPublicReport({ id: link.id })).rejects.toMatchObject({ code: 410 });
  });

  it('stops working when it expires', async () => {
    const link = await demo.createPublicLink({ expiresAt: Date.now() + 800, spanDays: 1 });
    await expect(server.client().loadPublicReport({ id: link.id })).resolves.toBeTruthy();
    await new Promise((r) => setTimeout(r, 1000));
    await expect(server.client().loadPublicReport({ id: link.id })).rejects.toMatchObject({ code: 410 });
  });

  it('an unknown id is not found, and another member cannot revoke my link', async () => {
    await expect(server.client().loadPublicReport({ id: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).rejects.toMatchObject({ code: 404 });
    const link = await demo.createPublicLink({});
    await expect(pet.revokePublicLink({ id: link.id })).rejects.toMatchObject({ code: 404 });
    await expect(server.client().loadPublicReport({ id: link.id })).resolves.toBeTruthy();
  });
});
