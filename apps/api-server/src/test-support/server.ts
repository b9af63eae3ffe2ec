import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type ApiClient, type ApiClientOptions, type LoginType } from '@cgm-portal/api-client';
import { DEMO_PASSWORD } from '../seed';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the same tests on PostgreSQL when CGM_TEST_DATABASE_URL names an admin connection. */
export const onPostgres = Boolean(process.env.CGM_TEST_DATABASE_URL);

/** A fresh PostgreSQL database for one test file, when CGM_TEST_DATABASE_URL is set. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.CGM_TEST_DATABASE_URL;
  if (!admin) return undefined;
  const { default: pg } = await import('pg');
  const name = `cgm_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** A client with its own token slot. */
  client(options?: ApiClientOptions & { language?: string }): ApiClient & { token: { value: string | null } };
  /** Signs in with the demo password; returns a client carrying the token. */
  signIn(email: string, loginType?: LoginType, language?: string): Promise<ApiClient & { token: { value: string | null } }>;
  /** POSTs raw JSON (or text) to a path under /api, for malformed payloads and test hooks. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ code: number; message: string; item?: unknown }>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /**
   * Stops and starts the server again on the same database (seeding nothing); the port may change.
   * `env` adds to (or overrides) the first start's settings, e.g. a later CGM_TEST_CLOCK.
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** SIGTERM, then waits for the exit; the data folder is removed. */
  stop(): Promise<void>;
}

/**
 * Starts the real node entry (src/main.ts through tsx) on a free port with a fresh data
 * directory, seeded, test hooks on and every answer checked against the contract.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cgm-api-test-'));
  const postgres = await createTestDatabase();
  if (postgres) env = { DATABASE_URL: postgres.url, ...env };
  let process_ = await launch(dataDir, env);
  const baseUrl = () => `http://127.0.0.1:${process_.port}`;

  const client: RunningServer['client'] = (options = {}) => {
    const token = { value: null as string | null };
    const api = createApiClient({
      baseUrl: baseUrl(),
      getToken: () => token.value,
      getLanguage: () => options.language ?? 'en',
      getTimeZone: () => 'Europe/London',
      ...options,
    });
    return Object.assign(api, { token });
  };

  const server: RunningServer = {
    get baseUrl() {
      return baseUrl();
    },
    dataDir,
    client,
    async signIn(email, loginType = email.startsWith('demo') || email.startsWith('pet') ? 2 : 3, language) {
      const api = client({ language });
      const answer = await api.login({ loginType, email, password: await api.encryptPassword(DEMO_PASSWORD) });
      if (!answer.item) throw new Error(`login of ${email} answered ${answer.code} ${answer.message}`);
      api.token.value = answer.item.token;
      return api;
    },
    async post(path, body, headers = {}) {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; message: string; item?: unknown };
    },
    output: () => process_.output(),
    async restart(more = {}) {
      await terminate(process_.child);
      env = { ...env, ...more };
      process_ = await launch(dataDir, { ...env, CGM_SEED: '0' });
    },
    async stop() {
      await terminate(process_.child);
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
  return server;
}

export async function terminate(child: ChildProcess, killAfterMs?: number): Promise<'stopped' | 'killed'> {
  if (child.exitCode !== null) return 'stopped';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (killAfterMs === undefined) {
    await exited;
    return 'stopped';
  }
  // A teardown must end: a drain stuck past its time is killed, and the caller says so.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), killAfterMs)));
  const outcome = await Promise.race([exited.then(() => 'stopped' as const), late]);
  clearTimeout(timer);
  if (outcome === 'stopped') return 'stopped';
  child.kill('SIGKILL');
  await exited;
  return 'killed';
}

/** Starts src/main.ts on a free port over `dataDir`; resolves once it listens. */
export async function launch(dataDir: string, env: Record<string, string>, nodeArgs: string[] = []) {
  // Node itself with tsx's loader, not the tsx command: the child is then the server, so a test's
  // SIGKILL kills the server and not a wrapper that leaves it running.
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CGM_DATA_DIR: dataDir,
      CGM_SEED: '1',
      CGM_ENABLE_TEST_HOOKS: '1',
      CGM_VALIDATE_RESPONSES: '1',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, port, output: () => output };
}
