import { createEventStreamParser, type StreamEvent } from './event-stream';

/**
 * Where the tab's live connection is: `connecting` the first time, `open` while events can
 * arrive, `reconnecting` after it dropped (screens then poll), `unavailable` when the server has
 * no live stream (an older server: screens poll, nothing is wrong), `closed` once stopped.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'unavailable' | 'closed';

export interface LiveConnectionOptions {
  url: string;
  /** Asked before every attempt, so a new token or language is used on reconnect. */
  headers: () => Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  onStatus: (status: LiveStatus) => void;
  /** The server refused the session (body code 300, HTTP 401): no point in trying again. */
  onLoginExpired?: () => void;
  fetch?: typeof fetch;
  /** The server sends a heartbeat every 15 s; this long without a byte means the line is dead. */
  silenceLimitMs?: number;
  /** Waits before the 1st, 2nd, ... retry; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

export const SILENCE_LIMIT_MS = 45_000;
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
const LOGIN_EXPIRED_CODE = 300;

export interface LiveConnection {
  close(): void;
  /** Skips the wait before the next attempt (the browser says it is back online). */
  retryNow(): void;
}

/**
 * One server-sent-events connection read through fetch (EventSource cannot send the xToken
 * header), kept up by itself: a dropped or silent line is retried with growing waits.
 */
export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const send = options.fetch ?? fetch;
  const silenceLimit = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  let closed = false;
  let failures = 0;
  let attempt: AbortController | null = null;
  let hangUpStream: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeRetry: (() => void) | null = null;

  const status = (s: LiveStatus) => {
    if (!closed || s === 'closed') options.onStatus(s);
  };

  async function readStream(body: ReadableStream<Uint8Array>, controller: AbortController) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createEventStreamParser((event) => options.onEvent(event));
    // Aborting the request ends the body with it; cancelling the reader makes sure the read ends.
    const hangUp = () => {
      controller.abort(new Error('silent'));
      void reader.cancel().catch(() => {});
    };
    hangUpStream = hangUp;
    let silence = setTimeout(hangUp, silenceLimit);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(hangUp, silenceLimit);
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
      hangUpStream = null;
      reader.releaseLock();
    }
  }

  /** One attempt: `retry` after a drop or failure, `expired` when the session is refused, `absent` without a live stream. */
  async function connectOnce(): Promise<'retry' | 'expired' | 'absent'> {
    const controller = new AbortController();
    attempt = controller;
    try {
      const response = await send(options.url, {
        method: 'GET',
        headers: { Accept: 'text/event-stream', ...options.headers() },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) return 'expired';
      if (response.status === 404) return 'absent';
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('text/event-stream') || !response.body) {
        const body = (await response.json().catch(() => null)) as { code?: number } | null;
        return body?.code === LOGIN_EXPIRED_CODE ? 'expired' : 'retry';
      }
      failures = 0;
      status('open');
      await readStream(response.body, controller);
    } catch {
      // Network error, abort on silence or close: all end in a retry unless closed.
    } finally {
      attempt = null;
    }
    return 'retry';
  }

  async function run() {
    status('connecting');
    while (!closed) {
      const outcome = await connectOnce();
      if (closed) break;
      if (outcome === 'absent') {
        closed = true;
        options.onStatus('unavailable');
        return;
      }
      if (outcome === 'expired') {
        options.onLoginExpired?.();
        closed = true;
        break;
      }
      status('reconnecting');
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 0;
      failures++;
      await new Promise<void>((resolve) => {
        wakeRetry = resolve;
        retryTimer = setTimeout(resolve, delay);
      });
      wakeRetry = null;
    }
    status('closed');
  }
  void run();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      attempt?.abort();
      hangUpStream?.();
      wakeRetry?.();
    },
    retryNow() {
      clearTimeout(retryTimer);
      wakeRetry?.();
    },
  };
}
