import type { ServerOptions } from 'socket.io';
import { InProcessFanOut, type LiveFanOut } from '../alerts/live-fan-out';
import { NightscoutRelay } from './nightscout-relay';
import { PostgresFanOut } from './postgres-fan-out';

/** What must reach every server's open connections: live pages' streams and Nightscout's sockets. */
export interface CrossServerChannels {
  fanOut: LiveFanOut;
  /** socket.io's adapter, when the rooms span several servers. */
  socketAdapter?: ServerOptions['adapter'];
  /** A request's Nightscout changes to the other servers' sockets in one message. */
  nightscoutRelay?: NightscoutRelay;
  close(): Promise<void>;
}

/**
 * One server (SQLite): everything in process. On PostgreSQL, where several servers may share the
 * database, live events go through NOTIFY and socket.io's rooms through its PostgreSQL adapter,
 * so a page or a phone connected to any server hears what came in through any other.
 */
export async function crossServerChannels(databaseUrl: string | undefined): Promise<CrossServerChannels> {
  if (!databaseUrl) return { fanOut: new InProcessFanOut(), close: async () => {} };
  const [{ createAdapter }, pgModule] = await Promise.all([import('@socket.io/postgres-adapter'), import('pg')]);
  const pg = pgModule.default ?? pgModule;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // A dropped idle connection (a database restart) is the pool's to replace, not a crash.
  pool.on('error', (error) => console.error('cross-server pool connection lost', error.message));
  const fanOut = await PostgresFanOut.start(pool, () => new pg.Client({ connectionString: databaseUrl }));
  const nightscoutRelay = await NightscoutRelay.start(pool, () => new pg.Client({ connectionString: databaseUrl }));
  return {
    fanOut,
    socketAdapter: createAdapter(pool, { tableName: 'socket_io_attachments' }),
    nightscoutRelay,
    async close() {
      await fanOut.close();
      await nightscoutRelay.close();
      // pool.end() waits for every borrowed connection. socket.io's adapter borrows one to LISTEN
      // and gives it back when its last namespace closes, but one it was still borrowing when the
      // server closed (a stop right after start) is never given back, and the stop hung. This pool
      // only carries notifications, and the process exits next: 2 s is enough.
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
