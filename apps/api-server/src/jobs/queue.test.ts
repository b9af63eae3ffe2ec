import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { openStore } from '../node-server';
import { createTestDatabase } from '../test-support/server';
import type { Store } from '../store/types';
import { enqueueJob, JobWorker, PermanentJobFailure, retryDelayMs } from './queue';

/** A fresh database (SQLite file, or PostgreSQL under CGM_TEST_DATABASE_URL) that tests can open several times. */
async function freshDatabase() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cgm-jobs-test-'));
  const postgres = await createTestDatabase();
  const config = readConfig({ CGM_DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) } as NodeJS.ProcessEnv);
  const opened: Store[] = [];
  const open = async () => {
    const store = await openStore(config);
    opened.push(store);
    return store;
  };
  cleanups.push(async () => {
    for (const store of opened) await store.close().catch(() => undefined);
    // pg's pool resolves end() while its sockets still close; a forced drop would cut them mid-goodbye.
    if (postgres) await sleep(200);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { open };
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const T = Date.UTC(2026, 10, 24, 3, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job queue', () => {
  it('runs after a restart a job queued before it', async () => {
    const db = await freshDatabase();
    const before = await db.open();
    await enqueueJob(before, { kind: 'alarmPush', payload: { alarmId: 7, recipientId: 3 } });
    await before.close();

    const after = await db.open();
    const seen: unknown[] = [];
    const worker = new JobWorker({ store: after, handlers: { alarmPush: async (payload) => void seen.push(payload) } });
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    expect(seen).toEqual([{ alarmId: 7, recipientId: 3 }]);
    expect(await after.listJobs()).toEqual([]);
  });

  it('gives the job of a worker that died to another once its lease lapses, and only then', async () => {
    const db = await freshDatabase();
    const store = await db.open();
    let now = T;
    await enqueueJob(store, { kind: 'alarmPush', payload: { n: 1 } }, now);
    // A worker claims it and dies: nobody renews or completes the claim.
    const [dead] = await store.claimJobs({ kinds: ['alarmPush'], now, leaseMs: 60_000, leaseToken: 'dead-worker', limit: 5 });
    expect(dead?.attempts).toBe(1);

    const runs: number[] = [];
    const worker = new JobWorker({ store, now: () => now, leaseMs: 60_000, handlers: { alarmPush: async (_p, run) => void runs.push(run.attempt) } });
    now = T + 59_999;
    expect(await worker.runDue()).toBe(0);
    now = T + 60_000;
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    expect(runs).toEqual([2]);
    // The dead worker's late word changes nothing: its lease is gone.
    expect(await store.completeJob(dead!.id, 'dead-worker')).toBe(false);
    expect(await store.listJobs()).toEqual([]);
  });

  it('runs each job of a burst exactly once, never twice at the same time, with six workers claiming in parallel', async () => {
    const db = await freshDatabase();
    const stores: Store[] = [];
    for (let i = 0; i < 6; i++) stores.push(await db.open());
    const jobs = 300;
    await Promise.all(Array.from({ length: jobs }, (_, n) => enqueueJob(stores[0]!, { kind: 'burst', payload: { n } })));

    const runs = new Map<number, number>();
    const inFlight = new Set<number>();
    let overlaps = 0;
    const handler = async (payload: unknown) => {
      const { n } = payload as { n: number };
      if (inFlight.has(n)) overlaps++;
      inFlight.add(n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(Math.random() * 4);
      inFlight.delete(n);
    };
    const workers = stores.map((store) => new JobWorker({ store, handlers: { burst: handler }, pollMs: 5, concurrency: 8 }));
    for (const worker of workers) worker.start();
    const deadline = Date.now() + 30_000;
    while ((await stores[0]!.listJobs('burst')).length > 0 && Date.now() < deadline) await sleep(20);
    await Promise.all(workers.map((w) => w.stop()));

    expect(overlaps).toBe(0);
    expect(runs.size).toBe(jobs);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await stores[0]!.listJobs()).toEqual([]);
  });

  it('retries a failing job with exponential back-off, then gives it up and frees its key', async () => {
    const db = await freshDatabase();
    const store = await db.open();
    let now = T;
    const failures: boolean[] = [];
    const worker = new JobWorker({
      store,
      now: () => now,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      handlers: {
        flaky: async () => {
          throw new Error('push service answered 503');
        },
      },
      onFailure: (_job, _attempt, _error, final) => failures.push(final),
    });
    await enqueueJob(store, { kind: 'flaky', payload: {}, dedupKey: 'alarm:1:recipient:2', maxAttempts: 3 }, now);

    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    let [job] = await store.listJobs();
    expect(job).toMatchObject({ attempts: 1, runAt: T + 1_000, leaseToken: null, lastError: 'Error: push service answered 503', failedAt: null });

    now = T + 999;
    expect(await worker.runDue()).toBe(0);
    now = T + 1_000;
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    [job] = await store.listJobs();
    expect(job).toMatchObject({ attempts: 2, runAt: T + 1_000 + 2_000 });

    now = T + 3_000;
    expect(await worker.runDue()).toBe(1);
    await worker.idle();
    [job] = await store.listJobs();
    expect(job).toMatchObject({ attempts: 3, failedAt: T + 3_000, dedupKey: null });
    expect(failures).toEqual([false, false, true]);

    // Given up: never claimed again, and its key takes a new job.
    now = T + 3_600_000;
    expect(await worker.runDue()).toBe(0);
    expect(await enqueueJob(store, { kind: 'flaky', payload: {}, dedupKey: 'alarm:1:recipient:2' }, now)).toBeTypeOf('number');
  });

  it('gives up at once on a permanent failure, and deletes a job that succeeds on a later try', async () => {
    const db = await freshDatabase();
    const store = await db.open();
    let now = T;
    let calls = 0;
    const worker = new JobWorker({
      store,
      now: () => now,
      handlers: {
        gone: async () => {
          throw new PermanentJobFailure('subscription gone');
        },
        second: async () => {
          if (++calls === 1) throw new Error('timeout');
        },
      },
    });
    await enqueueJob(store, { kind: 'gone', payload: {} }, now);
    await enqueueJob(store, { kind: 'second', payload: {} }, now);
    await worker.runDue();
    await worker.idle();
    now = T + retryDelayMs(1);
    await worker.runDue();
    await worker.idle();
    const left = await store.listJobs();
    expect(left.map((j) => [j.kind, j.attempts, j.failedAt])).toEqual([['gone', 1, T]]);
    expect(calls).toBe(2);
  });

  it('queues one job for a key when twenty ask at once', async () => {
    const db = await freshDatabase();
    const store = await db.open();
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => enqueueJob(store, { kind: 'alarmPush', payload: {}, dedupKey: 'alarm:9:recipient:4:repeat:2' })),
    );
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    expect(await store.listJobs()).toHaveLength(1);
  });

  it('on stop claims nothing more and lets the running job finish', async () => {
    const db = await freshDatabase();
    const store = await db.open();
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = new JobWorker({
      store,
      pollMs: 10,
      handlers: {
        slow: async (payload) => {
          events.push(`start ${(payload as { n: number }).n}`);
          started();
          await sleep(300);
          events.push(`end ${(payload as { n: number }).n}`);
        },
      },
    });
    worker.start();
    await enqueueJob(store, { kind: 'slow', payload: { n: 1 } });
    await running;
    const stopped = worker.stop().then(() => events.push('stopped'));
    await enqueueJob(store, { kind: 'slow', payload: { n: 2 } });
    await stopped;
    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
    const left = await store.listJobs();
    expect(left.map((j) => [JSON.parse(j.payload), j.attempts])).toEqual([[{ n: 2 }, 0]]);
  });

  it('backs off 5 s, 10 s, 20 s … up to 10 minutes by default', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n))).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000]);
  });
});
