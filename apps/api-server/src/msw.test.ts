import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@cgm-portal/api-client';
import { createInMemoryApp, DEMO_PASSWORD } from './in-memory';
import { createMswHandlers } from './msw';
import { openWasmSqliteStore } from './store/wasm-sqlite';
import { createBrowserPlatform } from './platform/browser';
import { seedDemoData } from './seed';

const here = dirname(fileURLToPath(import.meta.url));
const NOW = Date.UTC(2026, 5, 15, 12, 0);
const DAY = 86_400_000;

const mock = setupServer();
beforeAll(async () => {
  mock.use(...createMswHandlers(await createInMemoryApp({ clock: () => NOW })));
  mock.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => mock.close());

function client() {
  let token: string | null = null;
  const api = createApiClient({ baseUrl: 'http://portal.test', getToken: () => token, getLanguage: () => 'es' });
  return Object.assign(api, {
    async signIn(email: string, loginType: 2 | 3) {
      const answer = await api.login({ loginType, email, password: await api.encryptPassword(DEMO_PASSWORD) });
      token = answer.item!.token;
    },
  });
}

describe('MSW handlers over the in-memory app', () => {
  it('serves the same contract through the api-client: login, user info, readings', async () => {
    const api = client();
    await api.signIn('demo@cgm-portal.example', 2);
    const info = await api.getUserInfo();
    expect(info.homePath).toBe('/home');
    const { readings } = await api.loadReadings({ from: NOW - 7 * DAY, to: NOW });
    expect(readings.length).toBeGreaterThan(1700);
    const report = await api.loadReport({ from: NOW - 14 * DAY, to: NOW });
    expect(report.agp?.bins.length).toBe(96);
  });

  it('applies the same permission rules and messages (Spanish here)', async () => {
    const stranger = client();
    await stranger.signIn('stranger@cgm-portal.example', 3);
    const demo = client();
    await demo.signIn('demo@cgm-portal.example', 2);
    const { memberId } = await demo.getUserInfo();
    await expect(stranger.loadReadings({ memberId, from: NOW - DAY, to: NOW })).rejects.toMatchObject({
      code: 403,
      message: 'Lo sentimos, no tiene permiso para acceder a estos datos',
    });
    const follower = client();
    await follower.signIn('follower@cgm-portal.example', 3);
    await expect(follower.loadReadings({ memberId, from: NOW - DAY, to: NOW })).resolves.toBeTruthy();
  });

  it('writes go through the same rules: a follow request then approval', async () => {
    const stranger = client();
    await stranger.signIn('stranger@cgm-portal.example', 3);
    await stranger.addFollowerRequest({ email: 'pet@cgm-portal.example', message: 'Hola' });
    const pet = client();
    await pet.signIn('pet@cgm-portal.example', 2);
    const request = (await pet.loadFollowerList({ page: 1, rows: 50 })).rows.find((r) => r.followerEmail === 'stranger@cgm-portal.example')!;
    await pet.agreedFollowerRequest({ followerRequestId: request.followerRequestId });
    await expect(stranger.loadSessions({ memberId: request.memberId })).resolves.toMatchObject({ total: expect.any(Number) });
  });
});

describe('the in-memory entry is browser-safe', () => {
  it('imports no node:*, better-sqlite3 or pg anywhere in its graph', () => {
    const seen = new Set<string>();
    const forbidden: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const spec = match[1] ?? match[2];
        if (!spec) continue;
        if (/^(node:|better-sqlite3|pg$|fs$|path$|crypto$)/.test(spec)) forbidden.push(`${file}: ${spec}`);
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`));
      }
    };
    visit(join(here, 'in-memory.ts'));
    visit(join(here, 'msw.ts'));
    expect(seen.size).toBeGreaterThan(15);
    expect(forbidden).toEqual([]);
  });
});

describe('seed', () => {
  it('is deterministic from the seed number', async () => {
    const platform = createBrowserPlatform();
    const series = async (seed: number) => {
      const store = await openWasmSqliteStore();
      await seedDemoData(store, platform, { seed, now: NOW });
      const demo = await store.findMemberByEmail('demo@cgm-portal.example');
      return store.listReadings(demo!.id, 'sgv', NOW - 100 * DAY, NOW);
    };
    const [a, b, c] = await Promise.all([series(7), series(7), series(8)]);
    expect(a.length).toBeGreaterThan(90 * 288 * 0.9);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
});
