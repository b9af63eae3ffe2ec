import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ChangeRelay, DocChange } from '../nightscout/feed';

/** NOTIFY carries at most 8000 bytes; a larger batch goes through socket.io's adapter instead. */
const MAX_PAYLOAD = 7_000;
export const NIGHTSCOUT_CHANNEL = 'cgm_nightscout';

export type RelayedChanges = (memberId: number, changes: readonly DocChange[]) => void;

/**
 * One request's Nightscout changes to the other servers in one NOTIFY, each of which tells its
 * own sockets. socket.io's adapter sends one NOTIFY per emit, to every server, whether or not a
 * socket there listens: a phone's hour of entries was 13 of them. Messages from this server are
 * skipped on the way back (it told its own sockets already).
 */
export class NightscoutRelay implements ChangeRelay {
  private readonly origin = randomUUID();
  private listening: pg.Client | null = null;
  private receiver: RelayedChanges = () => {};

  private constructor(private readonly pool: pg.Pool) {}

  static async start(pool: pg.Pool, connect: () => pg.Client): Promise<NightscoutRelay> {
    const relay = new NightscoutRelay(pool);
    await relay.listen(connect);
    return relay;
  }

  /** Where changes another server relayed go (this server's sockets). */
  onChanges(receiver: RelayedChanges): void {
    this.receiver = receiver;
  }

  /** Sends the changes to the other servers; false (nothing sent) when they do not fit one NOTIFY. */
  send(memberId: number, changes: readonly DocChange[]): boolean {
    const payload = JSON.stringify({ origin: this.origin, memberId, changes });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) return false;
    this.pool.query('select pg_notify($1, $2)', [NIGHTSCOUT_CHANNEL, payload]).catch((error: unknown) => console.error('nightscout relay notify failed', error));
    return true;
  }

  private async listen(connect: () => pg.Client) {
    const client = connect();
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel !== NIGHTSCOUT_CHANNEL || !message.payload) return;
      try {
        const { origin, memberId, changes } = JSON.parse(message.payload) as { origin: string; memberId: number; changes: DocChange[] };
        if (origin !== this.origin) this.receiver(memberId, changes);
      } catch (error) {
        console.error('nightscout relay message unreadable', error);
      }
    });
    client.on('error', (error) => {
      console.error('nightscout relay connection lost', error);
      this.listening = null;
      setTimeout(() => void this.listen(connect).catch((e: unknown) => console.error('nightscout relay reconnect failed', e)), 1_000);
    });
    await client.query(`listen ${NIGHTSCOUT_CHANNEL}`);
    this.listening = client;
  }

  async close(): Promise<void> {
    const client = this.listening;
    this.listening = null;
    await client?.end();
  }
}
