import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIEST_TIME_MS as EARLIEST } from '@cgm-portal/api-client/contract';
import { DEMO_PASSWORD } from './seed';
import { startServer, type RunningServer } from './test-support/server';

/**
 * Every "at most N" rule under a parallel burst, as an attacker sends it: one statement in the
 * database counts, so the order the requests happen to run in cannot let one more through.
 */
let server: RunningServer;
beforeAll(async () => {
  // One proxy hop is trusted, so each test can come from its own client address.
  server = await startServer({ CGM_TRUST_PROXY_HOPS: '1' });
});

/** A client whose requests come from `address` (through the trusted proxy). */
const from = (address: string) =>
  server.client({
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('X-Forwarded-For', address);
      return fetch(input, { ...init, headers });
    },
  });
afterAll(() => server.stop());

async function signInFrom(address: string, email: string) {
  const api = from(address);
  const answer = await api.login({ loginType: 2, email, password: await api.encryptPassword(DEMO_PASSWORD) });
  api.token.value = answer.item!.token;
  return api;
}

const settle = <T>(work: Promise<T>) => work.then((value) => ({ value }), (error: { code?: number }) => ({ error }));

describe('sign-in limits', () => {
  it('200 parallel wrong passwords with the right one in the burst give no token, and lock the account', async () => {
    const api = from('203.0.113.1');
    const [wrong, right] = await Promise.all([api.encryptPassword('Wrong-pass-1'), api.encryptPassword(DEMO_PASSWORD)]);
    const login = (password: string) => settle(api.login({ loginType: 2, email: 'demo@cgm-portal.example', password }));
    const burst = [...Array.from({ length: 200 }, () => login(wrong)), login(right)];
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => 'value' in a && a.value.item?.token)).toHaveLength(0);
    const codes = answers.map((a) => ('error' in a ? a.error.code : 200));
    // Ten tried the hash; every other one was refused before it.
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(191);
    // The same account named by its phone number is the same counter.
    await expect(api.login({ loginType: 2, mobile: '+447700900123', password: right })).rejects.toMatchObject({ code: 429 });
  });

  it('150 parallel wrong codes with the right one 21st are refused: five tries per code', async () => {
    const api = from('203.0.113.2');
    await api.sendVerifyCode({ email: 'follower@cgm-portal.example', purpose: 'resetPassword' });
    const code = ((await server.post('/test/lastVerifyCode', { address: 'follower@cgm-portal.example' })).item as { code: string }).code;
    const wrongCode = code === '000000' ? '000001' : '000000';
    const newPassword = await api.encryptPassword('Taken-over-99');
    const reset = (verifyCode: string) => settle(api.resetPassword({ email: 'follower@cgm-portal.example', verifyCode, newPassword }));
    const burst = Array.from({ length: 150 }, (_, i) => reset(i === 20 ? code : wrongCode));
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => 'value' in a)).toHaveLength(0);
    // The password did not change.
    const signedIn = await api.login({ loginType: 3, email: 'follower@cgm-portal.example', password: await api.encryptPassword(DEMO_PASSWORD) });
    expect(signedIn.item?.token).toBeTruthy();
  });

  // 100 password hashes (50 ms each on an idle core) take minutes on a loaded 2-core machine.
  it('limits each client address across accounts; a right password does not count against it', async () => {
    const api = from('203.0.113.3');
    const wrong = await api.encryptPassword('Wrong-pass-2');
    // 100 per client per window; unknown addresses, so no account counter stops them first.
    const answers = await Promise.all(
      Array.from({ length: 110 }, (_, i) => settle(api.login({ loginType: 3, email: `probe${i}@example.org`, password: wrong }))),
    );
    const codes = answers.map((a) => ('error' in a ? a.error.code : 200));
    expect(codes.filter((c) => c === 401)).toHaveLength(100);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    // Another address is not affected.
    const elsewhere = from('203.0.113.4');
    const signedIn = await elsewhere.login({ loginType: 3, email: 'doctor@cgm-portal.example', password: await elsewhere.encryptPassword(DEMO_PASSWORD) });
    expect(signedIn.item?.token).toBeTruthy();
  }, 120_000);

  it('holds after a restart', async () => {
    await server.restart();
    const api = from('203.0.113.5');
    const right = await api.encryptPassword(DEMO_PASSWORD);
    await expect(api.login({ loginType: 2, email: 'demo@cgm-portal.example', password: right })).rejects.toMatchObject({ code: 429 });
  });

  it('150 parallel code sign-ins with the right code 21st give no token: the same five tries', async () => {
    const api = from('203.0.113.18');
    // The doctor's account: the wrong codes lock it, and no later test here signs in with it.
    const email = 'doctor@cgm-portal.example';
    await api.sendVerifyCode({ email, purpose: 'login' });
    const code = ((await server.post('/test/lastVerifyCode', { address: email })).item as { code: string }).code;
    const wrongCode = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => settle(api.login({ loginType: 3, email, verifyCode: i === 20 ? code : wrongCode }))));
    expect(answers.filter((a) => 'value' in a && a.value.item?.token)).toHaveLength(0);
    // The code is spent: even alone, it no longer signs in.
    await expect(api.login({ loginType: 3, email, verifyCode: code })).rejects.toMatchObject({ code: expect.any(Number) });
  });
});

describe('"at most N" per member', () => {
  it('20 parallel upload-secret creations leave exactly 10 live', async () => {
    const pet = await signInFrom('203.0.113.6', 'pet@cgm-portal.example');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(pet.createUploadSecret({ label: `phone ${i}` }))));
    expect(answers.filter((a) => 'value' in a)).toHaveLength(10);
    expect(answers.filter((a) => 'error' in a && a.error.code === 409)).toHaveLength(10);
    const live = (await pet.loadUploadSecrets({})).rows.filter((s) => s.revokedAt === null);
    expect(live).toHaveLength(10);
  });

  it('30 parallel share-link creations leave exactly 20 live', async () => {
    const pet = await signInFrom('203.0.113.7', 'pet@cgm-portal.example');
    const answers = await Promise.all(Array.from({ length: 30 }, () => settle(pet.createPublicLink({ spanDays: 14 }))));
    expect(answers.filter((a) => 'value' in a)).toHaveLength(20);
    const refused = answers.find((a) => 'error' in a) as { error: { code: number; message?: string } };
    expect(refused.error).toMatchObject({ code: 409, message: 'You already have 20; revoke one first' });
    const listed = await pet.loadPublicLinks({ page: 1, rows: 100 });
    expect(listed.rows.filter((l) => l.revokedAt === null)).toHaveLength(20);
  });
});

describe('codes sent', () => {
  it('15 parallel codes to one address: exactly 5 are sent, 10 answer 429', async () => {
    const api = from('203.0.113.14');
    const answers = await Promise.all(Array.from({ length: 15 }, () => settle(api.sendVerifyCode({ email: 'pet@cgm-portal.example', purpose: 'login' }))));
    expect(answers.filter((a) => 'value' in a)).toHaveLength(5);
    expect(answers.filter((a) => 'error' in a && a.error.code === 429)).toHaveLength(10);
  });

  it('30 parallel codes from one client to as many addresses: exactly 20 are taken, 10 answer 429', async () => {
    const api = from('203.0.113.15');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => settle(api.sendVerifyCode({ email: `someone${i}@example.org`, purpose: 'login' }))),
    );
    expect(answers.filter((a) => 'value' in a)).toHaveLength(20);
    expect(answers.filter((a) => 'error' in a && a.error.code === 429)).toHaveLength(10);
  });
});

describe('follow requests', () => {
  it('30 parallel follow requests from one account: exactly 20 a day are taken, 10 answer 429', async () => {
    const api = from('203.0.113.13');
    const answer = await api.login({ loginType: 3, email: 'stranger@cgm-portal.example', password: await api.encryptPassword(DEMO_PASSWORD) });
    api.token.value = answer.item!.token;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => settle(api.addFollowerRequest({ email: `probe${i}@example.org`, message: 'Hello' }))));
    expect(answers.filter((a) => 'value' in a)).toHaveLength(20);
    expect(answers.filter((a) => 'error' in a && a.error.code === 429)).toHaveLength(10);
  });

  it('a member adding followers draws on the same allowance: 30 parallel additions, exactly 20 taken', async () => {
    // pet: the sign-in tests above leave demo locked out.
    const pet = await signInFrom('203.0.113.16', 'pet@cgm-portal.example');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => settle(pet.addFollower({ email: `invitee${i}@example.org` }))));
    expect(answers.filter((a) => 'value' in a)).toHaveLength(20);
    expect(answers.filter((a) => 'error' in a && a.error.code === 429)).toHaveLength(10);
  });
});

describe('idempotent event creation', () => {
  it('20 parallel identical addEvent calls with one key make one event and all answer it; no key, two events', async () => {
    const pet = await signInFrom('203.0.113.12', 'pet@cgm-portal.example');
    const time = Date.now() - 3 * 60_000;
    const entry = { time, note: 'double tap', detail: { eventType: 'BG' as const, mgdl: 123 }, idempotencyKey: 'portal-entry-0123456789abcdef' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pet.addEvent(entry)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const listed = await pet.loadEvents({ page: 1, rows: 50, from: time, to: time + 1 });
    expect(listed.rows.filter((e) => e.note === 'double tap')).toHaveLength(1);
    // Without a key, each call is its own entry (what every client did before).
    const { idempotencyKey: _key, ...plain } = entry;
    await Promise.all([pet.addEvent({ ...plain, note: 'no key' }), pet.addEvent({ ...plain, note: 'no key' })]);
    const again = await pet.loadEvents({ page: 1, rows: 50, from: time, to: time + 1 });
    expect(again.rows.filter((e) => e.note === 'no key')).toHaveLength(2);
    // A key that is not one refuses the call with a 400 naming the field.
    await expect(pet.addEvent({ ...entry, idempotencyKey: 'short' })).rejects.toMatchObject({ code: 400, message: expect.stringContaining('idempotencyKey') });
  });

  it('a submission whose answer is lost is sent again by the api-client with its key, and stored once', async () => {
    const pet = await signInFrom('203.0.113.17', 'pet@cgm-portal.example');
    // The server gets and stores the first copy; its answer never reaches the client (a dropped connection).
    let dropped = 0;
    const flaky = server.client({
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('X-Forwarded-For', '203.0.113.17');
        const response = await fetch(input, { ...init, headers });
        if (String(input).endsWith('/web/event/addEvent') && dropped++ === 0) throw new TypeError('fetch failed');
        return response;
      },
    });
    flaky.token.value = (pet as typeof flaky).token.value;
    const time = Date.now() - 4 * 60_000;
    const added = await flaky.addEvent({ time, note: 'answer lost', detail: { eventType: 'BG', mgdl: 131 } });
    expect(dropped).toBe(2);
    const listed = await pet.loadEvents({ page: 1, rows: 50, from: time, to: time + 1 });
    expect(listed.rows.filter((e) => e.note === 'answer lost').map((e) => e.id)).toEqual([added.id]);
  });
});

describe('hostile headers', () => {
  it('a lanCode of constructor or __proto__ answers in English, not 500, and the write happens once', async () => {
    const demo = await signInFrom('203.0.113.8', 'pet@cgm-portal.example');
    for (const lanCode of ['constructor', '__proto__', 'toString']) {
      const response = await fetch(`${server.baseUrl}/api/web/user/getUserInfo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', xToken: demo.token.value!, lanCode },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { code: number }).code).toBe(200);
    }
    // A write under such a header answers 200 once, and stores its one row.
    const note = `lanCode write ${Date.now()}`;
    const added = await fetch(`${server.baseUrl}/api/web/event/addEvent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', xToken: demo.token.value!, lanCode: 'constructor' },
      body: JSON.stringify({ time: Date.now() - 60_000, note, detail: { eventType: 'BG', mgdl: 101 } }),
    });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { code: number }).code).toBe(200);
    expect((await demo.loadEvents({ page: 1, rows: 500 })).rows.filter((e) => e.note === note)).toHaveLength(1);
  });
});

describe('hostile values are refused with a 400 that names the field, and store nothing', () => {
  it('times outside 2000 … a year from now (JavaScript dates end at 8.64e15)', async () => {
    const pet = await signInFrom('203.0.113.9', 'pet@cgm-portal.example');
    const now = Date.now();
    await expect(pet.addEvent({ time: 8_640_000_000_000_001, detail: { eventType: 'BG', mgdl: 100 } })).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('time'),
    });
    await expect(pet.createPublicLink({ expiresAt: 8_640_000_000_000_001, spanDays: 14 })).rejects.toMatchObject({ code: 400 });
    await expect(pet.exportData({ from: now - 86_400_000, to: 8_640_000_000_000_000, format: 'json' })).rejects.toMatchObject({ code: 400 });
    await expect(pet.addEvent({ time: 946_684_799_999, detail: { eventType: 'BG', mgdl: 100 } })).rejects.toMatchObject({ code: 400 });
    // Nightscout's view of the events still answers.
    const treatments = await fetch(`${server.baseUrl}/api/v1/treatments.json?count=5`, { headers: { 'api-secret': 'x' } });
    expect(treatments.status).toBeLessThan(500);
  });

  it('times outside the window arriving through a phone’s Nightscout upload or an import are refused, and every view still answers', async () => {
    const pet = await signInFrom('203.0.113.12', 'pet@cgm-portal.example');
    // The pet's ten live secrets were made by the burst above: one gives way to this phone's.
    const [oldest] = (await pet.loadUploadSecrets({})).rows.filter((secret) => secret.revokedAt === null);
    if (oldest) await pet.revokeUploadSecret({ id: oldest.id });
    const { secret } = await pet.createUploadSecret({ label: 'hostile clock' });
    const apiSecret = createHash('sha1').update(secret).digest('hex');
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}/api/v1/${path}`, { method: 'POST', headers: { 'api-secret': apiSecret, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const now = Date.now();
    const hostile = [8_640_000_000_000_001, 9e15, now + 400 * 86_400_000, 100, 946_684_799_999];
    await post('treatments', hostile.map((t) => ({ eventType: 'Meal Bolus', carbs: 20, created_at: t, enteredBy: 'e2e' })));
    await post('entries', hostile.map((t) => ({ type: 'sgv', sgv: 120, date: t })));
    // The member's own views and Nightscout's read the stored rows: none may carry such a time.
    // (The api-client checks every row it is given against the contract's time window.)
    const events = await pet.loadEvents({ page: 1, rows: 500 });
    expect(events.rows.filter((e) => e.time > now + 86_400_000 || e.time < EARLIEST)).toEqual([]);
    const ahead = await pet.loadReadings({ from: now, to: now + 366 * 86_400_000 });
    expect(ahead.readings.filter((r) => r.time > now + 86_400_000)).toEqual([]);
    for (const path of ['treatments.json?count=50', 'entries.json?count=50']) {
      const answer = await fetch(`${server.baseUrl}/api/v1/${path}`, { headers: { 'api-secret': apiSecret } });
      expect(answer.status, path).toBe(200);
    }
    // An import of the same rows lists each as rejected, with its reason, and stores none.
    const text = JSON.stringify(hostile.map((t) => ({ type: 'sgv', sgv: 130, date: t })));
    const preview = await pet.previewImport({ text, timeZone: 'Europe/London' });
    expect(preview.readings.added).toBe(0);
    expect(preview.rejected.map((r) => r.reason)).toEqual([
      'time more than a year ahead',
      'time more than a year ahead',
      'time more than a year ahead',
      'time before 2000',
      'time before 2000',
    ]);
  });

  it('control characters and bidi overrides in any text', async () => {
    const pet = await signInFrom('203.0.113.10', 'pet@cgm-portal.example');
    for (const note of ['a\u0000b', 'Dr \u202Egnp.exe', 'x\u2066y']) {
      await expect(pet.addEvent({ time: Date.now() - 60_000, note, detail: { eventType: 'BG', mgdl: 100 } })).rejects.toMatchObject({
        code: 400,
        message: expect.stringContaining('note'),
      });
    }
    // Line breaks and tabs in a note are fine, and so is right-to-left text.
    const event = await pet.addEvent({ time: Date.now() - 60_000, note: 'قبل الركض\n\tok', detail: { eventType: 'BG', mgdl: 100 } });
    expect(event.note).toBe('قبل الركض\n\tok');
  });

  it('an unknown time zone header', async () => {
    const pet = await signInFrom('203.0.113.11', 'pet@cgm-portal.example');
    const response = await fetch(`${server.baseUrl}/api/web/user/getUserInfo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', xToken: pet.token.value!, timeZone: 'Mars/Olympus' },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ code: 400, message: expect.stringContaining('timeZone') });
  });
});
