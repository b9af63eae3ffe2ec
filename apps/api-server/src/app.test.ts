import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createBrowserPlatform } from './platform/browser';
import { openWasmSqliteStore } from './store/wasm-sqlite';

async function app(corsOrigins?: string[]) {
  const platform = createBrowserPlatform();
  return createApp({
    store: await openWasmSqliteStore(),
    platform,
    now: () => Date.now(),
    config: { tokenTtlMs: 3600_000, enableTestHooks: false, validateResponses: true, corsOrigins },
  });
}

const preflight = (origin: string) =>
  new Request('http://api.example/api/web/user/getUserInfo', {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'xtoken,lancode,timezone,content-type' },
  });

describe('createApp', () => {
  it('answers cross-origin calls only for configured origins, allowing the three headers', async () => {
    const allowed = await (await app(['https://portal.example'])).fetch(preflight('https://portal.example'));
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('xtoken');
    const other = await (await app(['https://portal.example'])).fetch(preflight('https://evil.example'));
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    const none = await (await app()).fetch(preflight('https://portal.example'));
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the test hooks off unless asked', async () => {
    const response = await (await app()).fetch(new Request('http://api.example/api/test/lastVerifyCode', { method: 'POST', body: '{"address":"a"}' }));
    expect(response.status).toBe(404);
  });

  it('answers health', async () => {
    expect(await (await (await app()).fetch(new Request('http://api.example/api/health'))).json()).toEqual({ code: 200, message: 'ok' });
  });
});
