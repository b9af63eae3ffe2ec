import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ComposedMessage } from './templates';

/**
 * How a message leaves the server. E-mail goes over SMTP (nodemailer), SMS through one provider
 * adapter over its HTTP API (Twilio's Messages API, the shape most providers copy), and the
 * demo default writes to `<dataDir>/outbox.log` so a code login can be tried on a laptop.
 * Every setting comes from the environment (README, "Configuration").
 */
export type DeliveryChannel = 'smtp' | 'sms' | 'outbox';

export interface Couriers {
  /** What this deployment has, for Settings and the log at start. */
  channels: { email: 'smtp' | 'outbox'; sms: 'sms' | 'outbox' };
  send(to: string, message: ComposedMessage): Promise<void>;
  close(): void;
}

export interface CourierConfig {
  dataDir: string;
  brand: string;
  smtp?: { url?: string; host?: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  twilio?: { accountSid: string; authToken: string; from?: string; messagingServiceSid?: string; apiUrl: string };
  /** The demo outbox may be used (not in production). */
  outboxAllowed: boolean;
}

export function readCourierConfig(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): CourierConfig {
  const smtpUrl = env.CGM_SMTP_URL || undefined;
  const smtpHost = env.CGM_SMTP_HOST || undefined;
  let smtp: CourierConfig['smtp'];
  if (smtpUrl || smtpHost) {
    if (!env.CGM_MAIL_FROM) throw new Error('CGM_MAIL_FROM is required with CGM_SMTP_URL or CGM_SMTP_HOST');
    smtp = {
      url: smtpUrl,
      host: smtpHost,
      port: Number(env.CGM_SMTP_PORT || 587),
      secure: env.CGM_SMTP_SECURE === '1',
      user: env.CGM_SMTP_USER || undefined,
      password: env.CGM_SMTP_PASSWORD || undefined,
      from: env.CGM_MAIL_FROM,
    };
  }
  let twilio: CourierConfig['twilio'];
  if (env.CGM_TWILIO_ACCOUNT_SID) {
    if (!env.CGM_TWILIO_AUTH_TOKEN) throw new Error('CGM_TWILIO_AUTH_TOKEN is required with CGM_TWILIO_ACCOUNT_SID');
    if (!env.CGM_TWILIO_FROM && !env.CGM_TWILIO_MESSAGING_SERVICE_SID) {
      throw new Error('CGM_TWILIO_FROM or CGM_TWILIO_MESSAGING_SERVICE_SID is required with CGM_TWILIO_ACCOUNT_SID');
    }
    twilio = {
      accountSid: env.CGM_TWILIO_ACCOUNT_SID,
      authToken: env.CGM_TWILIO_AUTH_TOKEN,
      from: env.CGM_TWILIO_FROM || undefined,
      messagingServiceSid: env.CGM_TWILIO_MESSAGING_SERVICE_SID || undefined,
      apiUrl: (env.CGM_TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
    };
  }
  return { dataDir, brand: env.CGM_MAIL_BRAND || 'CGM Portal', smtp, twilio, outboxAllowed: !production };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createCouriers(config: CourierConfig): Couriers {
  const mailer = config.smtp
    ? nodemailer.createTransport(
        config.smtp.url ?? {
          host: config.smtp.host,
          port: config.smtp.port,
          secure: config.smtp.secure,
          auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.password } : undefined,
        },
      )
    : undefined;

  const outbox = (to: string, message: ComposedMessage) => {
    if (!config.outboxAllowed) throw new Error('no delivery channel is configured for this address (see README, "Codes that arrive")');
    appendFileSync(join(config.dataDir, 'outbox.log'), `${new Date().toISOString()} to ${to}: ${message.subject} | ${message.text.replace(/\n+/g, ' ')}\n`, {
      mode: 0o600,
    });
  };

  const email = async (to: string, message: ComposedMessage) => {
    if (!mailer) return outbox(to, message);
    const paragraphs = message.text.split(/\n\n/).map((p) => `<p>${escapeHtml(p)}</p>`).join('');
    await mailer.sendMail({
      from: config.smtp!.from,
      to,
      subject: message.subject,
      text: message.text,
      html: `<!doctype html><html lang="${message.lang}" dir="${message.dir}"><body>${paragraphs}</body></html>`,
      headers: { 'Content-Language': message.lang },
    });
  };

  const sms = async (to: string, message: ComposedMessage) => {
    const twilio = config.twilio;
    if (!twilio) return outbox(to, message);
    const form = new URLSearchParams({ To: to, Body: message.sms });
    if (twilio.messagingServiceSid) form.set('MessagingServiceSid', twilio.messagingServiceSid);
    else form.set('From', twilio.from!);
    const response = await fetch(`${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    // The provider's answer is not logged: it echoes the number and the text.
    if (!response.ok) throw new Error(`the SMS provider answered HTTP ${response.status}`);
  };

  return {
    channels: { email: mailer ? 'smtp' : 'outbox', sms: config.twilio ? 'sms' : 'outbox' },
    send: (to, message) => (to.includes('@') ? email(to, message) : sms(to, message)),
    close: () => mailer?.close(),
  };
}
