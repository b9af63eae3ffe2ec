import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, LoginExpiredError } from '@cgm-portal/api-client';
import { DEMO_PASSWORD } from './seed';
import { onPostgres, startServer, type RunningServer } from './test-support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

async function lastCode(address: string): Promise<string> {
  const answer = await server.post('/test/lastVerifyCode', { address });
  return (answer.item as { code: string }).code;
}

describe('session and account calls over HTTP', () => {
  it('makes the RSA key on first start and keeps it: in the data directory, or on PostgreSQL in the database every server reads', async () => {
    const { publicKey } = await server.client().getPublicKey();
    expect(publicKey).toContain('BEGIN PUBLIC KEY');
    // On PostgreSQL several servers share it (scale-out/multi-server.test.ts): no server keeps its own.
    expect(existsSync(join(server.dataDir, 'rsa-private-key.pem'))).toBe(!onPostgres);
    await server.restart();
    expect((await server.client().getPublicKey()).publicKey).toBe(publicKey);
  });

  it.skipIf(onPostgres)('stores passwords only as salted scrypt hashes', () => {
    const db = new Database(join(server.dataDir, 'cgm-portal.sqlite'), { readonly: true });
    const rows = db.prepare('select password_hash from members').all() as { password_hash: string }[];
    db.close();
    expect(rows.length).toBe(5);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
      expect(row.password_hash).not.toContain(DEMO_PASSWORD);
    }
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(5);
  });

  it('signs a CGM user in by e-mail and answers the user info with menus and homePath', async () => {
    const api = await server.signIn('demo@cgm-portal.example');
    const info = await api.getUserInfo();
    expect(info).toMatchObject({ accountType: 2, homePath: '/home', memberName: 'Alex Morgan', petType: null });
    expect(info.menus.map((m) => m.path)).toEqual(['/home', '/sessionReport', '/report', '/report/agp', '/eventList', '/follower', '/settings', '/user/profile']);
    expect(info.menus.find((m) => m.path === '/user/profile')?.hidden).toBe(true);
  });

  it('gives followers the reduced menu', async () => {
    const api = await server.signIn('follower@cgm-portal.example');
    const info = await api.getUserInfo();
    expect(info.accountType).toBe(3);
    expect(info.menus.find((m) => m.path === '/home')?.hidden).toBe(true);
  });

  it('signs in by phone number, spaces allowed', async () => {
    const api = server.client();
    const answer = await api.login({ loginType: 2, mobile: '+44 7700 900123', password: await api.encryptPassword(DEMO_PASSWORD) });
    expect(answer.code).toBe(200);
    expect(answer.item?.token.length).toBeGreaterThan(30);
  });

  it('refuses a wrong password with the message in the request language', async () => {
    const api = server.client({ language: 'zh' });
    const error = await api
      .login({ loginType: 2, email: 'demo@cgm-portal.example', password: await api.encryptPassword('Wrong-1234') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, message: '账号或密码错误' });
    // An unknown account and a garbage ciphertext answer exactly the same.
    const unknown = await api.login({ loginType: 2, email: 'nobody@cgm-portal.example', password: 'AAAA' }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 401, message: '账号或密码错误' });
  });

  it('answers 501 without a token when the login type does not match the account', async () => {
    const api = server.client();
    const answer = await api.login({ loginType: 3, email: 'demo@cgm-portal.example', password: await api.encryptPassword(DEMO_PASSWORD) });
    expect(answer.code).toBe(501);
    expect(answer.item).toBeUndefined();
    expect(answer.message).toMatch(/cannot sign in/);
  });

  it('signs in with a verification code, once', async () => {
    const api = server.client();
    await api.sendVerifyCode({ email: 'follower@cgm-portal.example', purpose: 'login' });
    const code = await lastCode('follower@cgm-portal.example');
    expect(code).toMatch(/^\d{6}$/);
    const answer = await api.login({ loginType: 3, email: 'follower@cgm-portal.example', verifyCode: code });
    expect(answer.item?.accountType).toBe(3);
    await expect(api.login({ loginType: 3, email: 'follower@cgm-portal.example', verifyCode: code })).rejects.toMatchObject({ code: 401 });
  });

  it('answers "sent" for unknown addresses too, so accounts cannot be probed', async () => {
    await expect(server.client().sendVerifyCode({ email: 'ghost@cgm-portal.example', purpose: 'login' })).resolves.toBeUndefined();
  });

  it('logout revokes the token: the next call is code 300 and raises the login-expired event', async () => {
    const onLoginExpired = vi.fn();
    const api = await server.signIn('stranger@cgm-portal.example');
    api.onLoginExpired(onLoginExpired);
    await api.logout();
    await expect(api.getUserInfo()).rejects.toBeInstanceOf(LoginExpiredError);
    expect(onLoginExpired).toHaveBeenCalledOnce();
  });

  it('an expired token answers 300', async () => {
    const api = await server.signIn('stranger@cgm-portal.example');
    await api.getUserInfo();
    await server.post('/test/expireToken', { token: api.token.value });
    await expect(api.getUserInfo()).rejects.toMatchObject({ code: 300 });
  });

  it('an unknown token or none answers 300', async () => {
    const api = server.client();
    await expect(api.loadMyMemberInfo()).rejects.toMatchObject({ code: 300 });
    api.token.value = 'not-a-token-at-all-0000000000000000';
    await expect(api.loadMyMemberInfo()).rejects.toMatchObject({ code: 300 });
  });

  it('accepts internalXToken for report calls only', async () => {
    const signedIn = await server.signIn('demo@cgm-portal.example');
    const reportPage = server.client({ getInternalXToken: () => signedIn.token.value });
    const now = Date.now();
    const report = await reportPage.loadReport({ from: now - 7 * 86400000, to: now });
    expect(report.readings.length).toBeGreaterThan(1500);
    await expect(reportPage.loadReadings({ from: now - 86400000, to: now })).rejects.toMatchObject({ code: 300 });
    const raw = await server.post(`/web/glucose/loadReadings?internalXToken=${signedIn.token.value}`, { from: 1, to: 2 });
    expect(raw.code).toBe(300);
  });

  it('changes the password: old one checked, strength checked, every session ended', async () => {
    const api = await server.signIn('doctor@cgm-portal.example');
    const other = await server.signIn('doctor@cgm-portal.example');
    const enc = (s: string) => api.encryptPassword(s);
    await expect(api.modifyPassword({ oldPassword: await enc('nope-1234'), newPassword: await enc('Better-5678') })).rejects.toMatchObject({ code: 401 });
    await expect(api.modifyPassword({ oldPassword: await enc(DEMO_PASSWORD), newPassword: await enc('short') })).rejects.toMatchObject({ code: 400 });
    await api.modifyPassword({ oldPassword: await enc(DEMO_PASSWORD), newPassword: await enc('Better-5678') });
    await expect(other.getUserInfo()).rejects.toMatchObject({ code: 300 });
    const fresh = server.client();
    const answer = await fresh.login({ loginType: 3, email: 'doctor@cgm-portal.example', password: await enc('Better-5678') });
    expect(answer.code).toBe(200);
    // Put it back for the other tests of this file.
    fresh.token.value = answer.item!.token;
    await fresh.modifyPassword({ oldPassword: await enc('Better-5678'), newPassword: await enc(DEMO_PASSWORD) });
  });

  it('resets a forgotten password with an e-mailed code', async () => {
    const before = await server.signIn('stranger@cgm-portal.example');
    const api = server.client({ language: 'fr' });
    await api.sendVerifyCode({ email: 'stranger@cgm-portal.example', purpose: 'resetPassword' });
    const code = await lastCode('stranger@cgm-portal.example');
    await expect(
      api.resetPassword({ email: 'stranger@cgm-portal.example', verifyCode: code === '000000' ? '111111' : '000000', newPassword: await api.encryptPassword('Reset-9999') }),
    ).rejects.toMatchObject({ code: 401, message: 'Le code de vérification est incorrect ou a expiré' });
    await api.resetPassword({ email: 'stranger@cgm-portal.example', verifyCode: code, newPassword: await api.encryptPassword('Reset-9999') });
    await expect(before.getUserInfo()).rejects.toMatchObject({ code: 300 });
    const answer = await api.login({ loginType: 3, email: 'stranger@cgm-portal.example', password: await api.encryptPassword('Reset-9999') });
    expect(answer.code).toBe(200);
    api.token.value = answer.item!.token;
    await api.modifyPassword({ oldPassword: await api.encryptPassword('Reset-9999'), newPassword: await api.encryptPassword(DEMO_PASSWORD) });
  });

  it('locks an account address after 10 failed logins, even for the right password', async () => {
    const api = server.client({ language: 'it' });
    const wrong = await api.encryptPassword('Wrong-0000');
    for (let i = 0; i < 10; i++) {
      await expect(api.login({ loginType: 2, email: 'pet@cgm-portal.example', password: wrong })).rejects.toMatchObject({ code: 401 });
    }
    await expect(
      api.login({ loginType: 2, email: 'pet@cgm-portal.example', password: await api.encryptPassword(DEMO_PASSWORD) }),
    ).rejects.toMatchObject({ code: 429, message: 'Troppi tentativi, riprova più tardi' });
    // Other accounts are not affected.
    await expect(server.signIn('demo@cgm-portal.example')).resolves.toBeTruthy();
  });

  it('limits verification codes per address', async () => {
    const api = server.client();
    for (let i = 0; i < 5; i++) await api.sendVerifyCode({ mobile: '+15550000001', purpose: 'login' });
    await expect(api.sendVerifyCode({ mobile: '+15550000001', purpose: 'login' })).rejects.toMatchObject({ code: 429 });
  });
});
