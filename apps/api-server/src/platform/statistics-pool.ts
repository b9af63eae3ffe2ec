import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { reportStatistics, type ReportStatistics, type StatisticsInput } from '../report-statistics';

interface Pending {
  resolve: (statistics: ReportStatistics) => void;
  reject: (error: Error) => void;
}

/**
 * A worker's code that registers tsx's loader (its `tsx` entry registers only on the main thread)
 * and then imports the TypeScript module `path`, relative to this file.
 */
function tsxWorker(path: string): string {
  const tsxApi = new URL('./esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx')));
  return `import(${JSON.stringify(tsxApi.href)}).then(({ register }) => { register(); return import(${JSON.stringify(new URL(path, import.meta.url).href)}); });`;
}

/**
 * Report statistics computed in a worker thread (issue 22). A 90-day summary takes 10 ms warm
 * and up to 180 ms while V8 still compiles it; on the server's own thread that held every other
 * request, an upload's included, for as long (event-loop stalls of 330–390 ms under the scale
 * load). One worker: the statistics are cached per member and span, so they are rare, and a
 * second thread would only compete with the server for the same cores.
 *
 * The worker starts with the platform (it warms up while the server starts) and again on the
 * next report after it dies; a request whose worker died computes on the server's thread
 * instead, so a report is never lost to the pool.
 */
export function createStatisticsPool(): (input: StatisticsInput) => Promise<ReportStatistics> {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const start = (): Worker => {
    // From the build the worker is dist/statistics-worker.js beside dist/main.js (tsup.config.ts);
    // from source (tsx, Vitest) it is TypeScript, loaded through tsx's loader registered first.
    const started = import.meta.url.endsWith('.ts') ? new Worker(tsxWorker('./statistics-worker.ts'), { eval: true }) : new Worker(new URL('./statistics-worker.js', import.meta.url));
    started.on('message', ({ id, statistics, error }: { id: number; statistics?: ReportStatistics; error?: string }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (error !== undefined) job?.reject(new Error(error));
      else job?.resolve(statistics!);
    });
    const lost = (reason: unknown) => {
      if (worker === started) worker = null;
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) job.reject(reason instanceof Error ? reason : new Error(`statistics worker stopped (${String(reason)})`));
    };
    started.on('error', lost);
    started.on('exit', lost);
    // After the listeners, which would hold the process open again: a server's own handles keep
    // it running, and a command (`seed`, `migrate`) exits when its work is done.
    started.unref();
    return started;
  };

  worker = start();
  return async (input) => {
    worker ??= start();
    const id = nextId++;
    try {
      return await new Promise<ReportStatistics>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Copies, not transfers: the arrays may be the day cache's own.
        worker!.postMessage({ id, input });
      });
    } catch (error) {
      console.error('report statistics worker failed; computing on the server thread:', error instanceof Error ? error.message : error);
      return reportStatistics(input);
    }
  };
}
