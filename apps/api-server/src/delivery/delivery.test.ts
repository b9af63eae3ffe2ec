import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed';
import { startMailSink, type MailSink } from '../test-support/mail-sink';
import { onPostgres, startServer, type RunningServer } from '../test-support/server';
import { readCourierConfig } from './couriers';
import { composeMessage, TEMPLATE_LANGUAGES } from './templates';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('messages', () => {
  it('exist in all 18 languages, each in its own words, with the code and its validity', () => {
    expect(TEMPLATE_LANGUAGES).toHaveLength(18);
    const english = composeMessage({ kind: 'signInCode', code: '493817', minutes: 10 }, 'en_US', 'CGM Portal');
    for (const lang of TEMPLATE_LANGUAGES) {
      for (const kind of ['signInCode', 'passwordReset'] as const) {
        const m = composeMessage({ kind, code: '493817', minutes: 10 }, lang, 'CGM Portal');
        expect(m.lang).toBe(lang);
        expect(m.subject).toContain('CGM Portal');
        expect(m.text).toContain('493817');
        expect(m.text).toContain('10');
        expect(m.sms).toContain('493817');
        expect(m.sms.length).toBeLessThan(100);
        if (lang !== 'en' && kind === 'signInCode') expect(m.text).not.toBe(english.text);
      }
      const follow = composeMessage({ kind: 'followerRequest', name: 'Alex', email: 'alex@example.org' }, lang, 'PawGlucose');
      expect(follow.subject).toContain('Alex');
      expect(follow.text).toContain('alex@example.org');
      expect(follow.dir).toBe(lang === 'ar' || lang === 'fa' ? 'rtl' : 'ltr');
    }
    // An unknown or hostile language falls back to English, never to a missing template.
    expect(composeMessage({ kind: 'signInCode', code: '1', minutes: 1 }, 'constructor', 'X').lang).toBe('en');
  });

  it('are configured from the environment; without SMTP or SMS the demo outbox, and never outside it in production', () => {
    expect(readCourierConfig({}, '/tmp', false)).toMatchObject({ smtp: undefined, twilio: undefined, outboxAllowed: true });
    expect(readCourierConfig({}, '/tmp', true).outboxAllowed).toBe(false);
    expect(() => readCourierConfig({ CGM_SMTP_HOST: 'mail.example.org' }, '/tmp', true)).toThrow(/CGM_MAIL_FROM/);
    expect(() => readCourierConfig({ CGM_TWILIO_ACCOUNT_SID: 'AC1', CGM_TWILIO_AUTH_TOKEN: 't' }, '/tmp', true)).toThrow(/CGM_TWILIO_FROM/);
  });
});

describe('codes that arrive: e-mail over SMTP, SMS over the provider API', () => {
  let sink: MailSink;
  let sms: Server;
  const texts: { path: string; authorization: string; form: URLSearchParams }[] = [];
  let server: RunningServer;
  beforeAll(async () => {
    sink = await startMailSink();
    sms = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        texts.push({ path: request.url!, authorization: request.headers.authorization ?? '', form: new URLSearchParams(body) });
        response.writeHead(201, { 'Content-Type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
      });
    });
    await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', () => resolve()));
    server = await startServer({
      CGM_SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      CGM_MAIL_FROM: 'CGM Portal <no-reply@cgm-portal.example>',
      CGM_TWILIO_ACCOUNT_SID: 'AC0123456789',
      CGM_TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      CGM_TWILIO_FROM: '+15550001111',
      CGM_TWILIO_API_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
    sms.close();
  });

  it('says which channels the deployment has', async () => {
    expect(await server.client().getDeliveryChannels()).toEqual({ email: 'smtp', sms: 'sms' });
  });

  it('e-mails a sign-in code in the language it was asked in, and the code signs in once', async () => {
    const api = server.client({ language: 'fr' });
    const seen = sink.mails().length;
    await api.sendVerifyCode({ email: 'follower@cgm-portal.example', purpose: 'login' });
    const mail = await sink.next('follower@cgm-portal.example', seen);
    expect(mail.subject).toBe('Votre code de connexion à CGM Portal');
    expect(mail.language).toBe('fr');
    expect(mail.text).toMatch(/^Votre code de connexion est \d{6}\. Il est valable 10 minutes\./);
    const code = codeIn(mail.text)!;
    const answer = await api.login({ loginType: 3, email: 'follower@cgm-portal.example', verifyCode: code });
    expect(answer.item?.token).toBeTruthy();
    // The plain code is nowhere in the database: codes are kept as hashes.
    if (!onPostgres) {
      const { default: SQLite } = await import('better-sqlite3');
      const db = new SQLite(join(server.dataDir, 'cgm-portal.sqlite'), { readonly: true });
      const rows = db.prepare('select * from verify_codes').all();
      db.close();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(code);
    }
  });

  it('e-mails a password-reset code in Arabic, right to left; the reset works and the old password does not', async () => {
    const api = server.client({ language: 'ar' });
    const seen = sink.mails().length;
    await api.sendVerifyCode({ email: 'stranger@cgm-portal.example', purpose: 'resetPassword' });
    const mail = await sink.next('stranger@cgm-portal.example', seen);
    expect(mail.subject).toBe('رمز إعادة تعيين كلمة المرور في CGM Portal');
    expect(mail.html).toContain('dir="rtl"');
    await api.resetPassword({ email: 'stranger@cgm-portal.example', verifyCode: codeIn(mail.text)!, newPassword: await api.encryptPassword('New-pass-2026') });
    const fresh = server.client();
    await expect(
      fresh.login({ loginType: 3, email: 'stranger@cgm-portal.example', password: await fresh.encryptPassword(DEMO_PASSWORD) }),
    ).rejects.toMatchObject({ code: 401 });
    const signedIn = await fresh.login({ loginType: 3, email: 'stranger@cgm-portal.example', password: await fresh.encryptPassword('New-pass-2026') });
    expect(signedIn.item?.token).toBeTruthy();
  });

  it('texts a code to a phone through the provider, with its credentials, and the code signs in', async () => {
    const api = server.client({ language: 'es' });
    const before = texts.length;
    await api.sendVerifyCode({ mobile: '+44 7700 900123', purpose: 'login' });
    expect(texts.length).toBe(before + 1);
    const text = texts.at(-1)!;
    expect(text.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(text.authorization).toBe(`Basic ${Buffer.from('AC0123456789:twilio-auth-token').toString('base64')}`);
    expect(text.form.get('To')).toBe('+447700900123');
    expect(text.form.get('From')).toBe('+15550001111');
    expect(text.form.get('Body')).toMatch(/^\d{6} es tu código de CGM Portal\. Válido 10 min\.$/);
    const answer = await api.login({ loginType: 2, mobile: '+447700900123', verifyCode: codeIn(text.form.get('Body')!)! });
    expect(answer.item?.token).toBeTruthy();
  });

  it('tells a member of a new follow request by e-mail, in the language they use the portal in', async () => {
    const member = await server.signIn('pet@cgm-portal.example', 2, 'it');
    await member.getUserInfo();
    const stranger = await server.signIn('follower@cgm-portal.example', 3, 'en');
    const seen = sink.mails().length;
    await stranger.addFollowerRequest({ email: 'pet@cgm-portal.example', message: 'Hello' });
    const mail = await sink.next('pet@cgm-portal.example', seen);
    expect(mail.subject).toMatch(/chiede di seguire i tuoi dati glicemici$/);
    expect(mail.text).toContain('follower@cgm-portal.example');
  });
});
