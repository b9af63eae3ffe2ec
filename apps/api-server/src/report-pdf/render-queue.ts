/**
 * The line PDF renders wait in. Each render is a Chromium page of a few hundred MB and seconds
 * of CPU, so a server runs at most `concurrency` at once (CGM_PDF_CONCURRENCY, default 2 for a
 * small 2-core host) and lets at most `maxWaiting` more wait; anything beyond is refused at once
 * rather than piling up memory. The waits are measured (metrics and the X-Queue-Wait-Ms header).
 *
 * It lives in this process because a PDF is answered synchronously to the member who asked.
 * The work it runs is a plain `() => Promise<T>` that needs nothing but a URL to print, so it can
 * later become a job of the database job queue (jobs/) with the PDF fetched when done, which would
 * also share one bound among several servers.
 */
export class RenderQueueFull extends Error {
  constructor() {
    super('the PDF queue is full');
  }
}

export interface RenderQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** Told how long each render waited for its turn. */
  onWaited?: (waitedMs: number) => void;
}

export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: RenderQueueOptions) {
    if (!(options.concurrency >= 1)) throw new Error('a render queue needs a concurrency of at least 1');
  }

  /** Renders in progress and renders waiting, now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` when a place is free; throws RenderQueueFull when the line is already full. */
  async run<T>(work: () => Promise<T>): Promise<{ value: T; waitedMs: number }> {
    const queued = performance.now();
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new RenderQueueFull();
      // The place is handed over by the render that ends, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const waitedMs = performance.now() - queued;
    this.options.onWaited?.(waitedMs);
    try {
      return { value: await work(), waitedMs };
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** CGM_PDF_CONCURRENCY and CGM_PDF_QUEUE (renders allowed to wait), from the environment. */
export function renderQueueLimits(env: NodeJS.ProcessEnv = process.env): { concurrency: number; maxWaiting: number } {
  const read = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
    return n;
  };
  return { concurrency: read('CGM_PDF_CONCURRENCY', 2, 1), maxWaiting: read('CGM_PDF_QUEUE', 20, 0) };
}
