// Scale-out load: two api-servers on one PostgreSQL behind a round-robin proxy. Phones upload
// at SCALE_RATE readings/s (default 333: 100,000 members at 288 a day), batched as phones batch,
// for SCALE_SECONDS (default 60) while SCALE_READERS clients (default 50) each load 90-day reports
// back to back (SCALE_READ_PATH, default the portal's packed report). Prints write and read p50/p99, errors, and the database's growth per million
// readings. Needs a PostgreSQL admin URL in CGM_TEST_DATABASE_URL (scripts/lib/ensure-tools.sh
// `ensure_postgres` starts one on loopback):
//   pnpm --filter @cgm-portal/api-server load:scale
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { startCluster } from '../src/test-support/cluster';

const seconds = Number(process.env.SCALE_SECONDS ?? 60);
const rate = Number(process.env.SCALE_RATE ?? 333);
const readers = Number(process.env.SCALE_READERS ?? 50);
const batchSize = Number(process.env.SCALE_BATCH ?? 12); // an hour of 5-min readings: a phone back online
const readPath = process.env.SCALE_READ_PATH ?? '/web/userReport/loadPackedReport';
const DAY = 86_400_000;

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const ms = (v: number) => `${v.toFixed(1)} ms`;

console.info(`starting 2 api-servers on PostgreSQL behind a proxy (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})`);
const cluster = await startCluster(2, { NODE_ENV: 'production', CGM_ENABLE_TEST_HOOKS: '0', CGM_VALIDATE_RESPONSES: '0' });
const database = new pg.Client({ connectionString: cluster.databaseUrl });
await database.connect();
try {
  const members = ['demo@cgm-portal.example', 'pet@cgm-portal.example'];
  const uploaders: string[] = [];
  const readerClients: Awaited<ReturnType<typeof cluster.signIn>>[] = [];
  for (const email of members) {
    const api = await cluster.signIn(email, 2);
    // Phones of many members: each with its own secret and its own stretch of time.
    for (let i = 0; i < 4; i++) uploaders.push(sha1((await api.createUploadSecret({ label: `phone ${i}` })).secret));
  }
  for (let i = 0; i < readers; i++) readerClients.push(await cluster.signIn(members[i % members.length]!, 2));

  const sizes = async () => {
    const { rows } = await database.query<{ readings: string; docs: string; total: string; n: string }>(
      `select pg_total_relation_size('readings') as readings, pg_total_relation_size('nightscout_docs') as docs,
              pg_database_size(current_database()) as total, (select count(*) from readings) as n`,
    );
    return { readings: Number(rows[0]!.readings), docs: Number(rows[0]!.docs), total: Number(rows[0]!.total), count: Number(rows[0]!.n) };
  };
  await database.query('vacuum analyze');
  const before = await sizes();

  const writes: number[] = [];
  const reads: number[] = [];
  let writeErrors = 0;
  let readErrors = 0;
  let readBytes = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  // Uploads land inside the readers' 90-day window (off the seed's grid, each uploader at its own
  // second), so every batch changes days the reports cover and their caches must follow.
  const cursor = uploaders.map((_, i) => started - 89 * DAY + 13_000 + i * 7_000);

  const writer = async () => {
    const batchesPerSecond = rate / batchSize;
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    while (Date.now() < end) {
      const due = Math.floor(((Date.now() - started) / 1000) * batchesPerSecond);
      while (sent < due) {
        const u = sent % uploaders.length;
        const first = cursor[u]!;
        cursor[u] = first + batchSize * 300_000;
        const entries = Array.from({ length: batchSize }, (_, j) => {
          const date = first + j * 300_000;
          return { type: 'sgv', date, dateString: new Date(date).toISOString(), sgv: 80 + ((date / 300_000) % 120), direction: 'Flat', device: 'xDrip-DexcomG6' };
        });
        const t0 = performance.now();
        const p = fetch(`${cluster.baseUrl}/api/v1/entries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'api-secret': uploaders[u]! },
          body: JSON.stringify(entries),
        })
          .then(async (r) => {
            await r.arrayBuffer();
            if (!r.ok) writeErrors++;
            else writes.push(performance.now() - t0);
          })
          .catch(() => void writeErrors++)
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
        sent++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(inFlight);
    return sent;
  };

  const reader = async (api: (typeof readerClients)[number]) => {
    const to = Date.now();
    while (Date.now() < end) {
      const t0 = performance.now();
      const response = await fetch(`${cluster.baseUrl}/api${readPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'br, gzip', xToken: api.token.value!, lanCode: 'en_US', timeZone: 'Europe/London' },
        body: JSON.stringify({ from: to - 90 * DAY, to }),
      }).catch(() => null);
      if (!response) {
        readErrors++;
        continue;
      }
      const body = await response.arrayBuffer();
      const json = JSON.parse(new TextDecoder().decode(body)) as { code: number };
      if (!response.ok || json.code !== 200) readErrors++;
      else {
        reads.push(performance.now() - t0);
        readBytes += Number(response.headers.get('content-length') ?? body.byteLength);
      }
    }
  };

  const [batches] = await Promise.all([writer(), ...readerClients.map(reader)]);
  await database.query('vacuum analyze');
  const after = await sizes();
  writes.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  const added = after.count - before.count;
  const perMillion = (bytes: number) => `${((bytes / Math.max(added, 1)) * 1e6 / 2 ** 20).toFixed(1)} MiB`;

  console.info(`\n${seconds} s on PostgreSQL, 2 servers; load average now ${loadavg()[0]!.toFixed(1)}`);
  console.info(`writes: ${batches} batches of ${batchSize} (${(added / seconds).toFixed(0)} readings/s stored), p50 ${ms(quantile(writes, 0.5))}, p99 ${ms(quantile(writes, 0.99))}, errors ${writeErrors}`);
  console.info(`reads (${readPath}, 90 days, ${readers} clients): ${reads.length} answers, ${(reads.length / seconds).toFixed(0)}/s, p50 ${ms(quantile(reads, 0.5))}, p99 ${ms(quantile(reads, 0.99))}, errors ${readErrors}, ${(readBytes / Math.max(reads.length, 1) / 1024).toFixed(1)} KB per answer`);
  console.info(`database growth per million readings: ${perMillion(after.total - before.total)} in all (readings table ${perMillion(after.readings - before.readings)}, Nightscout documents ${perMillion(after.docs - before.docs)})`);
  console.info(`per member-year (105,120 readings): ${(((after.total - before.total) / Math.max(added, 1)) * 105_120 / 2 ** 20).toFixed(1)} MiB`);
  console.info(`served by A: ${cluster.served.get('A')}, by B: ${cluster.served.get('B')}`);
} finally {
  await database.end();
  await cluster.stop();
}
