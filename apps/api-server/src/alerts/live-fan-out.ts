/** One server-sent event: its name and its JSON data. */
export interface LiveEvent {
  event: 'reading' | 'alarms';
  data: unknown;
}
/** One open stream: what it is sent, and how it is ended (shutdown). */
export interface LiveListener {
  send(event: LiveEvent): void;
  end(): void;
}

/**
 * Delivers live events to the open streams of accounts. In one process for now; a fan-out
 * across servers (PostgreSQL LISTEN/NOTIFY) implements the same calls.
 */
export interface LiveFanOut {
  publish(accountIds: readonly number[], event: LiveEvent): void;
  /** Returns the unsubscribe. */
  subscribe(accountId: number, listener: LiveListener): () => void;
  /** How many streams are open (the benchmark, metrics). */
  size(): number;
  /** Ends every open stream (shutdown): pages reconnect, to another server if there is one. */
  endAll(): void;
}

export class InProcessFanOut implements LiveFanOut {
  private readonly listeners = new Map<number, Set<LiveListener>>();
  private count = 0;

  publish(accountIds: readonly number[], event: LiveEvent): void {
    for (const id of new Set(accountIds)) {
      for (const listener of this.listeners.get(id) ?? []) {
        try {
          listener.send(event);
        } catch (error) {
          console.error('live listener failed', error);
        }
      }
    }
  }

  subscribe(accountId: number, listener: LiveListener): () => void {
    let set = this.listeners.get(accountId);
    if (!set) this.listeners.set(accountId, (set = new Set()));
    set.add(listener);
    this.count++;
    return () => {
      if (set.delete(listener)) this.count--;
      if (set.size === 0 && this.listeners.get(accountId) === set) this.listeners.delete(accountId);
    };
  }

  size(): number {
    return this.count;
  }

  endAll(): void {
    for (const set of this.listeners.values()) for (const listener of [...set]) listener.end();
  }
}
