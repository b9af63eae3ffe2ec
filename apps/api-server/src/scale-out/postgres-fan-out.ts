import type pg from 'pg';
import { InProcessFanOut, type LiveEvent, type LiveFanOut, type LiveListener } from '../alerts/live-fan-out';

/** NOTIFY carries at most 8000 bytes; a large recipient list is sent in several messages. */
const MAX_PAYLOAD = 7_000;
export const LIVE_CHANNEL = 'cgm_live';

/**
 * The live fan-out across every server on one PostgreSQL database: each event goes out with
 * NOTIFY, and every server (this one included) hands what it hears to its own open streams.
 * PostgreSQL delivers notifications of a committed transaction to every listener in commit
 * order, so no broker beyond the database is needed. A server that is down misses the events of
 * that time; the pages it served reconnect elsewhere and fetch what they missed (the portal's
 * live connection does so on every reconnect).
 */
export class PostgresFanOut implements LiveFanOut {
  private readonly local = new InProcessFanOut();
  private listening: pg.Client | null = null;

  private constructor(private readonly pool: pg.Pool) {}

  static async start(pool: pg.Pool, connect: () => pg.Client): Promise<PostgresFanOut> {
    const fanOut = new PostgresFanOut(pool);
    await fanOut.listen(connect);
    return fanOut;
  }

  private async listen(connect: () => pg.Client) {
    const client = connect();
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      try {
        const { to, event } = JSON.parse(message.payload) as { to: number[]; event: LiveEvent };
        this.local.publish(to, event);
      } catch (error) {
        console.error('live notification unreadable', error);
      }
    });
    // A lost listening connection would silently stop live pages on this server: end them, so
    // they reconnect (to this server once it listens again, or to another).
    client.on('error', (error) => {
      console.error('live listener connection lost', error);
      this.local.endAll();
      this.listening = null;
      setTimeout(() => void this.listen(connect).catch((e: unknown) => console.error('live listener reconnect failed', e)), 1_000);
    });
    await client.query(`listen ${LIVE_CHANNEL}`);
    this.listening = client;
  }

  publish(accountIds: readonly number[], event: LiveEvent): void {
    const ids = [...new Set(accountIds)];
    if (ids.length === 0) return;
    for (const payload of payloads(ids, event)) {
      this.pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((error: unknown) => console.error('live notify failed', error));
    }
  }

  subscribe(accountId: number, listener: LiveListener): () => void {
    return this.local.subscribe(accountId, listener);
  }

  size(): number {
    return this.local.size();
  }

  endAll(): void {
    this.local.endAll();
  }

  async close(): Promise<void> {
    const client = this.listening;
    this.listening = null;
    await client?.end();
  }
}

/** The event for `ids`, cut into NOTIFY-sized messages by recipient. */
export function payloads(ids: number[], event: LiveEvent): string[] {
  const whole = JSON.stringify({ to: ids, event });
  // NOTIFY counts bytes: a name in Arabic or Chinese takes two or three a character.
  const bytes = Buffer.byteLength(whole);
  if (bytes <= MAX_PAYLOAD || ids.length === 1) {
    if (bytes > MAX_PAYLOAD) throw new Error(`a live event of ${bytes} bytes is too large for NOTIFY`);
    return [whole];
  }
  const half = Math.ceil(ids.length / 2);
  return [...payloads(ids.slice(0, half), event), ...payloads(ids.slice(half), event)];
}
