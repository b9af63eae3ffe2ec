import type { JobRow, Store } from '../store/types';

/**
 * The job queue: work that must happen after the request that caused it (a push to a carer's
 * phone, later a mail or a PDF), kept in the database so a restart or a second server loses
 * none. Any number of workers share one table; a claim is one statement and holds a lease,
 * so two workers never run a job at once, and a dead worker's lease lapses for another.
 */

export interface JobRequest {
  kind: string;
  /** Anything JSON can hold; the kind's handler validates it. */
  payload: unknown;
  /** Not before this time (epoch ms); default now. */
  runAt?: number;
  /** At most one unfinished job per key: a second enqueue with it is dropped. */
  dedupKey?: string;
  /** Runs before giving up; default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 6;

/**
 * In-process news of new jobs, so a worker of this process starts them without waiting for its
 * poll. (No node: imports here: the browser-held server queues jobs too, and simply runs none.)
 */
const enqueuedListeners = new Set<(kind: string) => void>();

/** Queues a job; answers its id, or undefined when `dedupKey` is already queued. */
export async function enqueueJob(store: Store, job: JobRequest, now = Date.now()): Promise<number | undefined> {
  const id = await store.insertJob({
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    runAt: job.runAt ?? now,
    dedupKey: job.dedupKey ?? null,
    maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    createdAt: now,
  });
  if (id !== undefined) for (const listener of enqueuedListeners) listener(job.kind);
  return id;
}

/** The back-off between tries: base × 2^(tries − 1), at most `maxMs`. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** How long after the `attempt`-th failed try (1, 2, …) the next one starts. */
export function retryDelayMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Thrown by a handler when trying again cannot help (bad payload, a recipient that is gone). */
export class PermanentJobFailure extends Error {}

export interface JobRun {
  id: number;
  /** This run's number, from 1. */
  attempt: number;
  maxAttempts: number;
}
export type JobHandler = (payload: unknown, run: JobRun) => Promise<void>;

export interface WorkerOptions {
  store: Store;
  handlers: Record<string, JobHandler>;
  now?: () => number;
  /** How often an idle worker looks for due jobs (other servers' jobs, retries coming due). */
  pollMs?: number;
  /** How long a claim holds; renewed while the job runs, so only a dead worker's lapses. */
  leaseMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  backoff?: BackoffPolicy;
  /** Told of failures; the queue itself never logs payloads (they may hold glucose values). */
  onFailure?: (job: Pick<JobRow, 'id' | 'kind'>, attempt: number, error: unknown, final: boolean) => void;
}

/**
 * One server's worker: claims due jobs of the kinds it has handlers for, runs them, and deletes,
 * retries (with back-off) or gives up each. `stop()` claims nothing more and waits for the jobs
 * it runs to finish.
 */
export class JobWorker {
  private readonly store: Store;
  private readonly handlers: Record<string, JobHandler>;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly backoff: BackoffPolicy;
  private readonly onFailure: NonNullable<WorkerOptions['onFailure']>;
  private readonly running = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private readonly onEnqueued = (kind: string) => {
    if (kind in this.handlers) this.wake();
  };

  constructor(options: WorkerOptions) {
    this.store = options.store;
    this.handlers = options.handlers;
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.concurrency = options.concurrency ?? 16;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.onFailure = options.onFailure ?? (() => undefined);
  }

  start(): void {
    if (this.loop) return;
    enqueuedListeners.add(this.onEnqueued);
    this.loop = this.work();
  }

  /** Stops claiming; resolves when every job this worker started has finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    enqueuedListeners.delete(this.onEnqueued);
    this.wake();
    await this.loop;
    await Promise.all(this.running);
  }

  /** Claims what is due now (up to the free slots) and starts it; answers how many started. */
  async runDue(): Promise<number> {
    const free = this.concurrency - this.running.size;
    if (this.stopping || free <= 0) return 0;
    const jobs = await this.store.claimJobs({
      kinds: Object.keys(this.handlers),
      now: this.now(),
      leaseMs: this.leaseMs,
      leaseToken: crypto.randomUUID(),
      limit: free,
    });
    for (const job of jobs) {
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
    return jobs.length;
  }

  /** Resolves when every job started so far has finished (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  private wake() {
    this.wakeUp?.();
  }

  private async work() {
    while (!this.stopping) {
      let started = 0;
      try {
        started = await this.runDue();
      } catch (error) {
        // The database was unreachable for a moment: the next round tries again.
        this.onFailure({ id: 0, kind: '(claim)' }, 0, error, false);
      }
      // A full batch means more may be due: claim again at once when a slot frees.
      if (started > 0 && this.running.size < this.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          this.wakeUp = undefined;
          resolve();
        };
      });
    }
  }

  private async run(job: JobRow) {
    const token = job.leaseToken!;
    const handler = this.handlers[job.kind]!;
    // While the handler runs, the lease is renewed, so only a worker that died lets it lapse.
    const renew = setInterval(() => {
      void this.store.renewJobLease(job.id, token, this.now() + this.leaseMs).catch(() => undefined);
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    try {
      // A job whose earlier runs all died with their server (it crashed it, perhaps) runs no more.
      if (job.attempts > job.maxAttempts) throw new PermanentJobFailure('out of tries');
      let payload: unknown;
      try {
        payload = JSON.parse(job.payload);
      } catch {
        throw new PermanentJobFailure('payload is not JSON');
      }
      await handler(payload, { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts });
    } catch (error) {
      clearInterval(renew);
      const final = error instanceof PermanentJobFailure || job.attempts >= job.maxAttempts;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.onFailure(job, job.attempts, error, final);
      await (final
        ? this.store.failJob(job.id, token, this.now(), reason)
        : this.store.retryJob(job.id, token, this.now() + retryDelayMs(job.attempts, this.backoff), reason)
      ).catch((e: unknown) => this.onFailure(job, job.attempts, e, false));
      return;
    }
    clearInterval(renew);
    // Done. Should this write fail, the lease lapses and the job runs again: at least once, never lost.
    await this.store.completeJob(job.id, token).catch((e: unknown) => this.onFailure(job, job.attempts, e, false));
  }
}
