import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD } from '../seed';
import { CAT, directionOfRate, fallIntoUrgentLow, nextReading, PERSON, type TraceState, type Wearer } from './glucose-model';

/**
 * The demo's CGM simulator: a separate process that uploads a reading every 5 minutes for the
 * demo member and the pet through the Nightscout API, each with its own upload secret, as a
 * phone app does (so every reading takes the one live path: store, alert engine, open pages).
 *
 *   node dist/simulator.js            keeps uploading (scripts/start.mjs starts it)
 *   node dist/simulator.js episode    a slow fall into urgent low, one reading every 5 s
 *
 * CGM_SIM_API (default http://127.0.0.1:8787), CGM_SIM_SPEEDUP (default 1: every 5 minutes; 10:
 * every 30 s), CGM_DATA_DIR (where the simulator keeps its upload secrets, as the server does),
 * CGM_SIM_MEMBER for the episode (demo or pet; default demo).
 */
const api = (process.env.CGM_SIM_API ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const speedUp = Number(process.env.CGM_SIM_SPEEDUP ?? 1);
if (!Number.isFinite(speedUp) || speedUp <= 0) throw new Error(`CGM_SIM_SPEEDUP must be a positive number, got "${process.env.CGM_SIM_SPEEDUP}"`);
const dataDir = resolve(process.env.CGM_DATA_DIR || '.data');
const secretsFile = join(dataDir, 'simulator-secrets.json');
/** While an episode runs, the ongoing simulator leaves that member alone. */
const episodeFile = join(dataDir, 'simulator-episode.json');
const FIVE_MINUTES = 5 * 60_000;
const EPISODE_STEP_MS = 5_000;

interface Wearing {
  key: 'demo' | 'pet';
  email: string;
  wearer: Wearer;
}
const WEARERS: Wearing[] = [
  { key: 'demo', email: 'demo@cgm-portal.example', wearer: PERSON },
  { key: 'pet', email: 'pet@cgm-portal.example', wearer: CAT },
];

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${api}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lanCode: 'en_US', timeZone: 'UTC', ...(token ? { xToken: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; message: string; item?: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.message}`);
  return answer.item as T;
}

/** The member's upload secret (its SHA-1, what a phone app sends): kept from an earlier run, or made by signing in as the member. */
async function uploadSecretOf(who: Wearing, renew = false): Promise<string> {
  let saved: Record<string, string> = {};
  try {
    saved = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
  } catch {
    // First run.
  }
  if (saved[who.key] && !renew) return saved[who.key]!;
  const { publicKey } = await call<{ publicKey: string }>('/web/user/getPublicKey', {});
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const { token } = await call<{ token: string }>('/web/user/login', { loginType: 2, email: who.email, password });
  const { apiSecretSha1 } = await call<{ apiSecretSha1: string }>('/web/dataTransfer/createUploadSecret', { label: 'CGM simulator' }, token);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(secretsFile, JSON.stringify({ ...saved, [who.key]: apiSecretSha1 }), { mode: 0o600 });
  return apiSecretSha1;
}

async function nightscout(who: Wearing, path: string, init: RequestInit = {}): Promise<Response> {
  const send = async (secret: string) => fetch(`${api}${path}`, { ...init, headers: { 'content-type': 'application/json', 'api-secret': secret, ...init.headers } });
  let response = await send(await uploadSecretOf(who));
  // A secret revoked in Settings, or a database made afresh: make a new one once.
  if (response.status === 401) response = await send(await uploadSecretOf(who, true));
  return response;
}

async function upload(who: Wearing, mgdl: number, rate: number, time = Date.now()): Promise<void> {
  const entry = { type: 'sgv', sgv: mgdl, date: time, dateString: new Date(time).toISOString(), direction: directionOfRate(rate), device: 'cgm-portal-simulator' };
  const response = await nightscout(who, '/api/v1/entries', { method: 'POST', body: JSON.stringify([entry]) });
  if (!response.ok) throw new Error(`upload for ${who.key} answered ${response.status}`);
  console.info(`${new Date(time).toISOString()} ${who.key} ${mgdl} mg/dL ${entry.direction}`);
}

/** The member's newest reading, so the trace continues from the seeded history. */
async function lastReading(who: Wearing): Promise<number | null> {
  const response = await nightscout(who, '/api/v1/entries/sgv.json?count=1', { method: 'GET' });
  if (!response.ok) return null;
  const [entry] = (await response.json()) as { sgv?: number }[];
  return typeof entry?.sgv === 'number' ? entry.sgv : null;
}

function episodeRunning(who: Wearing): { lastMgdl: number } | null {
  try {
    const episode = JSON.parse(readFileSync(episodeFile, 'utf8')) as { member: string; until: number; lastMgdl: number };
    return episode.member === who.key && episode.until > Date.now() ? episode : null;
  } catch {
    return null;
  }
}

async function waitForServer(): Promise<void> {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${api}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    if (i === 120) throw new Error(`no server at ${api}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function simulate(): Promise<void> {
  await waitForServer();
  const traces = new Map<Wearing, TraceState>();
  for (const who of WEARERS) traces.set(who, { mgdl: (await lastReading(who)) ?? who.wearer.usual, rate: 0, mealSteps: 0 });
  const intervalMs = FIVE_MINUTES / speedUp;
  console.info(`simulating ${WEARERS.map((w) => w.email).join(' and ')}: a reading every ${Math.round(intervalMs / 1000)} s (speed-up ${speedUp})`);
  const tick = async () => {
    for (const who of WEARERS) {
      const episode = episodeRunning(who);
      if (episode) {
        // Carry on from where the episode left the glucose, falling no further.
        traces.set(who, { mgdl: episode.lastMgdl, rate: 0, mealSteps: 0 });
        continue;
      }
      const next = nextReading(traces.get(who)!, who.wearer, Math.random);
      traces.set(who, next);
      await upload(who, next.mgdl, next.rate).catch((error: unknown) => console.error(String(error)));
    }
  };
  await tick();
  setInterval(() => void tick(), intervalMs);
}

async function episode(): Promise<void> {
  const who = WEARERS.find((w) => w.key === (process.env.CGM_SIM_MEMBER ?? 'demo'));
  if (!who) throw new Error('CGM_SIM_MEMBER must be demo or pet');
  await waitForServer();
  const values = fallIntoUrgentLow((await lastReading(who)) ?? who.wearer.usual);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(episodeFile, JSON.stringify({ member: who.key, until: Date.now() + values.length * EPISODE_STEP_MS + FIVE_MINUTES, lastMgdl: values.at(-1) }));
  console.info(`episode for ${who.email}: ${values.join(' → ')} mg/dL, one reading every ${EPISODE_STEP_MS / 1000} s`);
  let previous = values[0]!;
  for (const value of values) {
    await upload(who, value, value - previous);
    previous = value;
    await new Promise((r) => setTimeout(r, EPISODE_STEP_MS));
  }
  console.info('the episode is over: the alarm rings until someone acknowledges it (urgent low repeats every 5 minutes)');
}

const command = process.argv[2] ?? 'run';
if (command === 'run') await simulate();
else if (command === 'episode') await episode();
else if (command === 'stop-episode') rmSync(episodeFile, { force: true });
else {
  console.error(`unknown command "${command}": run (default), episode or stop-episode`);
  process.exitCode = 2;
}
