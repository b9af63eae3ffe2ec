import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed';
import { startServer, type RunningServer } from '../test-support/server';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The server's log as JSON lines; a line that is not JSON fails the test that reads it. */
const lines = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the server log', () => {
  let server: RunningServer;
  const secrets: string[] = [DEMO_PASSWORD];
  beforeAll(async () => {
    server = await startServer();
    // Everything that handles a secret or a glucose value, once.
    const member = await server.signIn('demo@cgm-portal.example');
    secrets.push(member.token.value!);
    const follower = server.client();
    await follower.sendVerifyCode({ email: 'follower@cgm-portal.example', purpose: 'login' });
    const hook = await server.post('/test/lastVerifyCode', { address: 'follower@cgm-portal.example' });
    const code = (hook.item as { code: string }).code;
    secrets.push(code);
    const signedIn = await follower.login({ loginType: 3, email: 'follower@cgm-portal.example', verifyCode: code });
    secrets.push(signedIn.item!.token);
    const { secret } = await member.createUploadSecret({ label: 'xDrip+' });
    secrets.push(secret, sha1(secret));
    const now = Date.now();
    // Distinctive glucose values, sent with the secret in the header and in the query string.
    const entries = [
      { type: 'sgv', sgv: 387, date: now - 60_000, dateString: new Date(now - 60_000).toISOString(), device: 'xDrip-test' },
      { type: 'sgv', sgv: 43, date: now - 30_000, dateString: new Date(now - 30_000).toISOString(), device: 'xDrip-test' },
    ];
    const upload = await fetch(`${server.baseUrl}/api/v1/entries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'api-secret': sha1(secret) },
      body: JSON.stringify(entries),
    });
    expect(upload.status).toBe(200);
    await fetch(`${server.baseUrl}/api/v1/entries.json?count=2&token=${encodeURIComponent(secret)}`);
    // The secret travels in the path here, as Nightscout's token exchange defines.
    const jwt = (await (await fetch(`${server.baseUrl}/api/v2/authorization/request/${encodeURIComponent(secret)}`)).json()) as { token: string };
    secrets.push(jwt.token);
    await fetch(`${server.baseUrl}/api/v3/entries?limit=2`, { headers: { Authorization: `Bearer ${jwt.token}` } });
    await member.addEvent({ time: now - 120_000, note: 'private-note-about-lunch', detail: { eventType: 'BG', mgdl: 387 } });
    await member.loadReadings({ from: now - 3_600_000, to: now });
  });
  afterAll(() => server.stop());

  it('is JSON lines, and holds no password, code, token, upload secret, note or glucose value', () => {
    const all = lines(server);
    expect(all.length).toBeGreaterThan(10);
    // Times, ids and durations are the log's own numbers; everything else is searched.
    const text = all.map(({ time: _time, requestId: _id, ms: _ms, ...rest }) => JSON.stringify(rest)).join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('private-note-about-lunch');
    expect(text).not.toMatch(/\b387\b/);
    expect(text).not.toMatch(/\b43\b/);
    expect(text).not.toMatch(/mg\/dL|mmol/);
    // Routes are patterns: no query string, no token in a path.
    const routes = all.filter((l) => l.msg === 'request').map((l) => String(l.route));
    expect(routes).toContain('GET /api/v2/authorization/request/:accessToken');
    for (const route of routes) expect(route).not.toContain('?');
  });

  it('carries one request id through every line of a request, and answers with it', async () => {
    const response = await fetch(`${server.baseUrl}/api/test/slow?ms=10`, { headers: { 'X-Request-Id': 'trace-0123456789' } });
    expect(response.headers.get('x-request-id')).toBe('trace-0123456789');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ofRequest = lines(server).filter((l) => l.requestId === 'trace-0123456789');
    expect(ofRequest.map((l) => l.msg)).toEqual(['test hook waited 10 ms', 'request']);
    // A made-up id that could smuggle text into the log is replaced by a fresh one.
    const forged = await fetch(`${server.baseUrl}/healthz`, { headers: { 'X-Request-Id': 'x", "level": 60, "y": "' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
