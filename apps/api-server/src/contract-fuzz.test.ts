import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH, ResponseCode, contract, type CallName } from '@cgm-portal/api-client/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startServer, type RunningServer } from './test-support/server';

/**
 * The whole contract against hostile values, generated: every call, every field of its request
 * (and some that are not), hostile headers. No answer may be a server error, and a refused
 * request may change nothing. Fixed seed, so a failure replays; the count of cases is printed.
 */
const SEED = 20_261_124;
const RUNS = Number(process.env.CGM_FUZZ_RUNS ?? 2000);
// Logging out would end the session the other cases use; its payload is `{}` only anyway.
const SKIPPED = new Set<CallName>(['logout']);

const hostile = fc.oneof(
  fc.constantFrom(8_640_000_000_000_001, -1, 0, 1e308, -0, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 946_684_799_999),
  fc.constantFrom('', ' ', '\u0000', 'A\u202Eevil', 'x'.repeat(5000), 'constructor', '__proto__', 'NaN', '1e309', '2026-11-24T00:00:00Z'),
  fc.constantFrom(null, true, false, [], {}, [1, 2, 3], { __proto__: { admin: true } }),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.object({ maxDepth: 1, maxKeys: 3 }),
);
const hostileHeader = fc.oneof(fc.constantFrom('constructor', '__proto__', 'zz', 'en_US', 'ar', 'Mars/Olympus', 'UTC', 'Europe/London', '../../etc'), fc.string({ maxLength: 20 }));

/** The request's field names, where the schema is an object (first object inside a pipe or refinement). */
function fieldsOf(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown; innerType?: unknown } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.def?.in ?? s.def?.schema ?? s.def?.innerType) as typeof s;
  return s?.shape ? Object.keys(s.shape) : [];
}

describe('the contract against hostile values', () => {
  let server: RunningServer;
  let token: string;
  let fingerprint: () => string;
  beforeAll(async () => {
    server = await startServer();
    token = (await server.signIn('demo@cgm-portal.example')).token.value!;
    if (onPostgres) {
      fingerprint = () => '';
    } else {
      const { default: SQLite } = await import('better-sqlite3');
      const db = new SQLite(join(server.dataDir, 'cgm-portal.sqlite'), { readonly: true });
      const tables = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not in ('kysely_migration', 'kysely_migration_lock', 'attempt_counters', 'verify_codes', 'tokens')").all() as { name: string }[]).map((t) => t.name);
      // Counts of every table, and every row of the small ones people edit.
      fingerprint = () =>
        JSON.stringify([
          tables.map((t) => (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n),
          db.prepare('select * from members order by id').all(),
          db.prepare('select * from followers order by id').all(),
        ]);
    }
  });
  afterAll(() => server.stop());

  it('never answers a server error, and a refused request changes nothing', async () => {
    const calls = (Object.keys(contract) as CallName[]).filter((name) => !SKIPPED.has(name));
    let cases = 0;
    const refusedByCall = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.infiniteStream(hostile),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }),
        fc.option(hostileHeader, { nil: undefined }),
        fc.option(hostileHeader, { nil: undefined }),
        fc.boolean(),
        async (name, values, extraKeys, lanCode, timeZone, rawBody) => {
          cases++;
          const definition = contract[name];
          const body: Record<string, unknown> = {};
          for (const field of [...fieldsOf(definition.request), ...extraKeys]) body[field] = values.next().value;
          const headers: Record<string, string> = { 'Content-Type': 'application/json', xToken: token };
          if (lanCode !== undefined) headers.lanCode = lanCode;
          if (timeZone !== undefined) headers.timeZone = timeZone;
          const before = fingerprint();
          const response = await fetch(`${server.baseUrl}${API_BASE_PATH}${definition.path}`, {
            method: 'POST',
            headers,
            body: rawBody ? JSON.stringify(body).slice(0, -1) : JSON.stringify(body),
          }).catch((error: unknown) => {
            throw new Error(`${name} failed to answer: ${String(error)}`);
          });
          expect(response.status, `${name} with ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
          const type = response.headers.get('content-type') ?? '';
          if (!type.includes('json')) return;
          const answer = (await response.json()) as { code: number; message: string };
          expect(answer.code, `${name}: ${answer.message}`).not.toBe(ResponseCode.serverError);
          expect(answer.message, name).toBeTruthy();
          if (answer.code !== ResponseCode.ok && answer.code !== ResponseCode.okWithNotice) {
            refusedByCall.set(name, (refusedByCall.get(name) ?? 0) + 1);
            expect(fingerprint(), `${name} was refused (${answer.code}) but changed the database`).toBe(before);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const line = `contract fuzz${onPostgres ? ' (PostgreSQL)' : ''}: ${cases} cases over ${calls.length} calls (seed ${SEED}), ${[...refusedByCall.values()].reduce((a, b) => a + b, 0)} refused`;
    console.info(line);
    // CI shows only failing tasks' output: scripts/test-summary.mjs prints this note with the totals.
    const results = fileURLToPath(new URL('../.test-results/', import.meta.url));
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, `${process.env.CGM_TEST_REPORT ?? 'vitest'}-contract-fuzz.note.txt`), `${line}\n`);
    expect(cases).toBe(RUNS);
  }, 300_000);
});
