// Scale-out load: two api-servers on one PostgreSQL behind a round-robin proxy, modelled on the
// issue's service of 100,000 members:
// - Phones upload SCALE_RATE readings/s (default 333: 100,000 members at 288 a day), each upload a
//   member's last SCALE_BATCH readings (default 12: a phone that was offline for an hour, as
//   xDrip+ and AAPS batch their queue) ending now. At 333 readings/s in batches of 12 that is 28
//   uploads a second, each from another member: 1,665 members' phones in a minute.
// - SCALE_READERS people (default 50) each read their own member's 90-day report (a member with
//   90 days of 5-minute readings) as the portal asks for it (the last 90 whole days in the
//   member's zone, up to the next midnight), look at it for SCALE_THINK_MS (default 5,000 ms, drawn
//   uniformly between half and one and a half times it, so readers do not march in step), then
//   open it again. 5 s is a fast reader: a person takes longer to read an AGP report; with
//   SCALE_THINK_MS=0 the readers ask back to back, a closed loop that measures saturation, not
//   a service's latency. Reader members are among the uploaders, so their reports change during
//   the run as a real member's do (about once an hour), not with every upload.
// The members, their secrets, tokens and 90-day histories are written straight into the database
// before the clock starts (the seed through the API would take minutes).
// Prints write and read p50/p99, errors, the database's growth per million readings (table and
// indexes apart), the load average before and after, and the CPU each part used: the load
// generator (with the proxy, which runs in it), each server, PostgreSQL (the whole cluster:
// start it for this run only), and the rest of the machine, since all of them share the same cores. Needs a PostgreSQL admin URL in
// CGM_TEST_DATABASE_URL (scripts/lib/ensure-tools.sh `ensure_postgres` starts one on loopback):
//   pnpm --filter @cgm-portal/api-server load:scale
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { DateTime } from 'luxon';
import pg from 'pg';
import { startCluster } from '../src/test-support/cluster';

const seconds = Number(process.env.SCALE_SECONDS ?? 60);
const rate = Number(process.env.SCALE_RATE ?? 333);
const readers = Number(process.env.SCALE_READERS ?? 50);
const batchSize = Number(process.env.SCALE_BATCH ?? 12);
const thinkMs = Number(process.env.SCALE_THINK_MS ?? 5_000);
const readPath = process.env.SCALE_READ_PATH ?? '/web/userReport/loadPackedReport';
const DAY = 86_400_000;
const FIVE_MINUTES = 300_000;

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/**
 * CPU seconds of a PostgreSQL cluster: its postmaster, every live child (backends, autovacuum,
 * WAL writer), and children that ended (their time is in the postmaster's cutime/cstime once it
 * reaps them): backends come and go with the servers' pools.
 */
function clusterCpuSeconds(postmaster: number): number {
  const fieldsOf = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  try {
    const own = fieldsOf(postmaster);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = fieldsOf(entry);
        if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while we looked.
      }
    }
    return ticks / 100;
  } catch {
    return 0;
  }
}
/** Busy and total CPU seconds of the whole machine, from /proc/stat. */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  const idle = n[3]! + n[4]!;
  return { busy: (total - idle) / 100, total: total / 100 };
}

const uploadCount = Math.ceil((rate * seconds) / batchSize);
const memberCount = Math.max(uploadCount, readers);
console.info(`${cpus().length} cores; load average ${load()} (1, 5, 15 min) before starting`);
console.info(`starting 2 api-servers on PostgreSQL behind a proxy`);
const cluster = await startCluster(2, { NODE_ENV: 'production', CGM_ENABLE_TEST_HOOKS: '0', CGM_VALIDATE_RESPONSES: '0' });
const database = new pg.Client({ connectionString: cluster.databaseUrl });
await database.connect();
try {
  // Members like the demo member, each with a phone's secret and a token; readers' members get 90
  // days of readings (ending an hour before the run: their phones upload that hour during it).
  const started0 = Date.now();
  const { rows: columns } = await database.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = 'members' and column_name not in ('id', 'email', 'mobile')`,
  );
  const copied = columns.map((c) => `"${c.column_name}"`).join(', ');
  const { rows: made } = await database.query<{ id: number }>(
    `insert into members (email, ${copied})
       select 'scale-' || n || '@cgm-portal.example', ${copied} from members, generate_series(1, $1) n
       where email = 'demo@cgm-portal.example' order by n returning id`,
    [memberCount],
  );
  const memberIds = made.map((r) => r.id);
  const { rows: zones } = await database.query<{ time_zone: string }>(`select time_zone from members where email = 'demo@cgm-portal.example'`);
  const zone = zones[0]!.time_zone;
  // The portal's span of a 90-day report (report-period.ts): [midnight 89 days ago, next midnight).
  const reportPeriod = (now: number) => {
    const today = DateTime.fromMillis(now, { zone }).startOf('day');
    return { from: today.minus({ days: 89 }).toMillis(), to: today.plus({ days: 1 }).toMillis() };
  };
  const secrets = memberIds.map((_, i) => sha1(`scale-secret-${i}`));
  const tokens = memberIds.slice(0, readers).map((_, i) => `scale-token-${i}-${Math.random()}`);
  const now0 = Date.now();
  await database.query(
    `insert into upload_secrets (member_id, secret_hash, label, scope, lang, created_at)
       select unnest($1::int[]), unnest($2::text[]), 'phone', 'upload', 'en', $3`,
    [memberIds, secrets.map((s) => sha256(s)), now0],
  );
  await database.query(
    `insert into tokens (token_hash, member_id, created_at, expires_at) select unnest($1::text[]), unnest($2::int[]), $3, $4`,
    [tokens.map(sha256), memberIds.slice(0, readers), now0, now0 + DAY],
  );
  const historyEnd = Math.floor((now0 - 3_600_000) / FIVE_MINUTES) * FIVE_MINUTES;
  await database.query(
    `insert into readings (member_id, time, mgdl, kind)
       select m, t, (140 + 60 * sin(t / 7200000.0 + m) + 20 * sin(t / 900000.0))::int, 'sgv'
       from unnest($1::int[]) m, generate_series($2::bigint, $3::bigint, ${FIVE_MINUTES}) t`,
    [memberIds.slice(0, readers), historyEnd - 91 * DAY, historyEnd],
  );
  await database.query(
    `insert into reading_days (member_id, day, version)
       select member_id, time / 86400000, floor(random() * 281474976710655)::bigint + 1 from readings
       where member_id = any($1) group by member_id, time / 86400000`,
    [memberIds.slice(0, readers)],
  );
  console.info(`${memberCount} members (${readers} with 90 days of readings) written in ${((Date.now() - started0) / 1000).toFixed(1)} s`);

  const relations = async () => {
    const { rows } = await database.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c
         where c.relname in ('readings', 'nightscout_docs')
            or c.oid in (select indexrelid from pg_index where indrelid in ('readings'::regclass, 'nightscout_docs'::regclass))`,
    );
    const { rows: totals } = await database.query<{ total: string; n: string }>(
      `select pg_database_size(current_database()) as total, (select count(*) from readings) as n`,
    );
    return { parts: new Map(rows.map((r) => [r.name, Number(r.bytes)])), total: Number(totals[0]!.total), count: Number(totals[0]!.n) };
  };
  await database.query('vacuum analyze');
  const before = await relations();

  // Upload order: every member once, in a random order, each its last hour ending now.
  const order = memberIds.map((_, i) => i).sort(() => Math.random() - 0.5);
  const writes: number[] = [];
  const reads: number[] = [];
  let writeErrors = 0;
  let readErrors = 0;
  let readBytes = 0;

  // The postmaster is the parent of this connection's backend.
  const backend = (await database.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const serverPids = cluster.nodes.map((n) => n.child.pid!);
  const cpuBefore = { generator: process.cpuUsage(), servers: serverPids.map(cpuSecondsOf), machine: machineSeconds(), postgres: clusterCpuSeconds(postmaster) };
  const loadBefore = load();
  const started = Date.now();
  const end = started + seconds * 1000;

  const writer = async () => {
    const batchesPerSecond = rate / batchSize;
    let sent = 0;
    const inFlight = new Set<Promise<void>>();
    while (Date.now() < end && sent < order.length) {
      const due = Math.min(order.length, Math.floor(((Date.now() - started) / 1000) * batchesPerSecond));
      while (sent < due) {
        const u = order[sent]!;
        const last = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES + (u % 300) * 1000;
        const entries = Array.from({ length: batchSize }, (_, j) => {
          const date = Math.min(last, Date.now()) - (batchSize - 1 - j) * FIVE_MINUTES;
          return { type: 'sgv', date, dateString: new Date(date).toISOString(), sgv: 80 + ((date / FIVE_MINUTES) % 120), direction: 'Flat', device: 'xDrip-DexcomG6' };
        });
        const t0 = performance.now();
        const p = fetch(`${cluster.baseUrl}/api/v1/entries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'api-secret': secrets[u]! },
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

  const reader = async (i: number) => {
    // Readers start spread over the first think time, as people arriving, not all at once.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
    while (Date.now() < end) {
      const t0 = performance.now();
      const response = await fetch(`${cluster.baseUrl}/api${readPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'br, gzip', xToken: tokens[i]!, lanCode: 'en_US', timeZone: 'Europe/London' },
        body: JSON.stringify(reportPeriod(Date.now())),
      }).catch(() => null);
      if (!response) readErrors++;
      else {
        const body = await response.arrayBuffer();
        const json = JSON.parse(new TextDecoder().decode(body)) as { code: number };
        if (!response.ok || json.code !== 200) readErrors++;
        else {
          reads.push(performance.now() - t0);
          readBytes += Number(response.headers.get('content-length') ?? body.byteLength);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
    }
  };

  const [batches] = await Promise.all([writer(), ...tokens.map((_, i) => reader(i))]);
  const elapsed = (Date.now() - started) / 1000;
  const generatorCpu = process.cpuUsage(cpuBefore.generator);
  const serverCpu = serverPids.map((pid, i) => cpuSecondsOf(pid) - cpuBefore.servers[i]!);
  const pgCpu = clusterCpuSeconds(postmaster) - cpuBefore.postgres;
  const machine = machineSeconds();
  const machineBusy = machine.busy - cpuBefore.machine.busy;
  const loadAfter = load();

  await database.query('vacuum analyze');
  const after = await relations();
  writes.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  const added = after.count - before.count;
  const perMillion = (bytes: number) => `${((bytes / Math.max(added, 1)) * 1e6 / 2 ** 20).toFixed(1)} MiB`;
  const grown = (names: string[]) => names.reduce((sum, n) => sum + (after.parts.get(n) ?? 0) - (before.parts.get(n) ?? 0), 0);
  const partsOf = (table: string) => [...after.parts.keys()].filter((n) => n === table || n.startsWith(`${table}_`)).sort();

  console.info(`\n${elapsed.toFixed(0)} s on PostgreSQL, 2 servers; load average ${loadBefore} at the start, ${loadAfter} at the end`);
  console.info(`writes: ${batches} uploads of ${batchSize} readings (${(added / seconds).toFixed(0)} readings/s stored), p50 ${ms(quantile(writes, 0.5))}, p99 ${ms(quantile(writes, 0.99))}, errors ${writeErrors}`);
  console.info(
    `reads (${readPath}, 90 days, ${readers} clients, think ${thinkMs} ms): ${reads.length} answers, ${(reads.length / seconds).toFixed(1)}/s, p50 ${ms(quantile(reads, 0.5))}, p99 ${ms(quantile(reads, 0.99))}, errors ${readErrors}, ${(readBytes / Math.max(reads.length, 1) / 1024).toFixed(1)} KB per answer`,
  );
  const share = (s: number) => `${s.toFixed(1)} s (${((100 * s) / elapsed).toFixed(0)} % of a core)`;
  console.info(
    `CPU over the run: load generator and proxy ${share((generatorCpu.user + generatorCpu.system) / 1e6)}, servers ${serverCpu.map(share).join(' and ')}, PostgreSQL ${share(pgCpu)}; the whole machine ${share(machineBusy)} of ${cpus().length * 100} %`,
  );
  console.info(`database growth per million readings: ${perMillion(after.total - before.total)} in all`);
  for (const table of ['readings', 'nightscout_docs']) {
    const parts = partsOf(table);
    console.info(`  ${table} ${perMillion(grown(parts))}: ${parts.map((n) => `${n} ${perMillion(grown([n]))}`).join(', ')}`);
  }
  console.info(`per member-year (105,120 readings): ${(((after.total - before.total) / Math.max(added, 1)) * 105_120 / 2 ** 20).toFixed(1)} MiB`);
  console.info(`served by A: ${cluster.served.get('A')}, by B: ${cluster.served.get('B')}`);
} finally {
  await database.end();
  await cluster.stop();
}
