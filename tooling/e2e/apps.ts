/**
 * Ports of one run: the production server's API on E2E_PORT_BASE and its three app listeners on the
 * next three, so two runs on one machine (a developer's and CI's) need not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 8790);

/** The built apps under test. */
export const APPS = [
  { id: 'human-16-lang', port: base + 1, defaultLanguage: 'en', logoText: 'CGM Portal', sidebarBg: 'rgb(15, 37, 48)' },
  { id: 'human-7-lang', port: base + 2, defaultLanguage: 'zh', logoText: 'GlucoView', sidebarBg: 'rgb(27, 28, 58)' },
  { id: 'pet-english', port: base + 3, defaultLanguage: 'en', logoText: 'PawGlucose', sidebarBg: 'rgb(45, 31, 20)' },
] as const;

export type AppUnderTest = (typeof APPS)[number];

export const API_PORT = base;
/** The mailbox the server sends codes to in the browser tests: SMTP, and its mails over HTTP. */
export const MAIL_SMTP_PORT = base + 8;
export const MAIL_HTTP_URL = `http://127.0.0.1:${base + 9}`;
export const API_URL = `http://127.0.0.1:${API_PORT}`;
/** The Web Push service the server delivers to in the browser tests (https), and what it received (http). */
export const PUSH_SERVICE_PORT = base + 10;
export const PUSH_RECEIVED_URL = `http://127.0.0.1:${base + 11}`;
export const appUrl = (app: AppUnderTest, path = '/') => `http://127.0.0.1:${app.port}${path}`;
