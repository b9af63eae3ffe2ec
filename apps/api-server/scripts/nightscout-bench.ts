// Nightscout uploads against a fresh SQLite database, in process (no network): what a phone's
// uploader costs the server.
//   pnpm --filter @cgm-portal/api-server bench:nightscout
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app';
import { readConfig } from '../src/config';
import { createNodeDeps } from '../src/node-server';
import { sha1Hex, storedHashOf } from '../src/nightscout/secrets';

const dataDir = mkdtempSync(join(tmpdir(), 'cgm-ns-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
try {
  const deps = await createNodeDeps({ ...readConfig({}), dataDir, databaseUrl: undefined, rsaBits: 1024 });
  const app = createApp(deps);
  const memberId = await deps.store.insertMember({
    accountType: 2, email: 'bench@cgm-portal.example', mobile: null, passwordHash: 'x', memberName: 'Bench', avatar: '',
    country: 'GB', timeZone: 'Europe/London', birthday: null, gender: null, diabetesType: 1, diagnosisYear: null, remarks: null,
    petType: null, breed: null, weight: null, insulinType: null, insulinFreq: null, insulinDose: null, syringeType: null,
    unit: 'mmol/L', targetLow: 70, targetHigh: 180, highAlert: 180, lowAlert: 70, urgentLowAlert: 55, urgentHighAlert: 250, createdAt: Date.now(),
  });
  const secret = 'bench-secret-0123456789';
  await deps.store.insertUploadSecret({ memberId, secretHash: await storedHashOf(await sha1Hex(secret)), label: 'bench', scope: 'upload', lang: 'en', createdAt: Date.now(), lastUsedAt: null, revokedAt: null });
  const json = { 'Content-Type': 'application/json', 'api-secret': await sha1Hex(secret) };
  const start = Date.UTC(2025, 0, 1);
  const entry = (i: number) => ({ type: 'sgv', sgv: 100 + (i % 150), date: start + i * 300_000, dateString: new Date(start + i * 300_000).toISOString(), direction: 'Flat', device: 'xDrip-DexcomG6' });

  // xDrip+ back-fill: a day (288) and a week (2,016) in one POST each, then the same again (all duplicates).
  for (const [name, from, n] of [['day', 0, 288], ['week', 288, 2016]] as const) {
    const body = JSON.stringify(Array.from({ length: n }, (_, i) => entry(from + i)));
    let t = performance.now();
    const first = await app.request('/api/v1/entries', { method: 'POST', headers: json, body });
    const fresh = performance.now() - t;
    t = performance.now();
    await app.request('/api/v1/entries', { method: 'POST', headers: json, body });
    console.info(`v1 POST ${n} entries (a ${name}): ${Math.round(fresh)} ms new (status ${first.status}), ${Math.round(performance.now() - t)} ms re-sent`);
  }

  // AAPS NSClient V3: one document per request, as it uploads; the JWT exchange once.
  const { token } = (await (await app.request(`/api/v2/authorization/request/${secret}`)).json()) as { token: string };
  const bearer = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    const doc = i % 2 ? { ...entry(5000 + i), app: 'AAPS' } : { eventType: 'Correction Bolus', insulin: 0.5, date: start + (5000 + i) * 300_000, app: 'AAPS' };
    await app.request(i % 2 ? '/api/v3/entries' : '/api/v3/treatments', { method: 'POST', headers: bearer, body: JSON.stringify(doc) });
    times.push(performance.now() - t);
  }
  console.info(`v3 POST one document: median ${median(times).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms (500 requests)`);
  let t = performance.now();
  const history = (await (await app.request('/api/v3/entries/history/0?limit=1000', { headers: bearer })).json()) as { result: unknown[] };
  console.info(`v3 history, ${history.result.length} documents: ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  const search = (await (await app.request(`/api/v3/entries?sort$desc=date&type=sgv&limit=500`, { headers: bearer })).json()) as { result: unknown[] };
  console.info(`v3 search type=sgv newest 500 of ${2304 + 250}: ${Math.round(performance.now() - t)} ms (${search.result.length})`);
  await deps.store.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
