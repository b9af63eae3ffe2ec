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
// before the clock starts (the seed through the API would take minutes). A warm-up of
// SCALE_WARMUP_SECONDS (default 10) runs the same load on a cohort of other members first, not
// counted: the servers' code is then compiled, as minutes after a start, while the measured
// members' reports are still cold on both servers, as a member's first look of the day is.
// Prints write and read p50/p99, errors, the slowest answers and when they came, each process's
// longest event-loop stall, the database's growth per million readings (table and indexes
// apart), the load average before and after, and the CPU each part used: the load
// generator (with the proxy, which runs in it), each server, PostgreSQL (the whole cluster:
// start it for this run only), and the rest of the machine, since all of them share the same cores. Needs a PostgreSQL admin URL in
// CGM_TEST_DATABASE_URL (scripts/lib/ensure-tools.sh `ensure_postgres` starts one on loopback):
//   pnpm --filter @cgm-portal/api-server load:scale
// SCALE_CPU_PROF=DIR writes the servers' CPU profiles there; SCALE_TRACE_GC=1 prints their GC pauses over 30 ms.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

const warmupSeconds = Number(process.env.SCALE_WARMUP_SECONDS ?? 10);
const uploadCount = Math.ceil((rate * seconds) / batchSize);
const warmupUploadCount = Math.ceil((rate * warmupSeconds) / batchSize);
/**
 * Two cohorts of members: the warm-up's (its readers and phones) and the measured run's. The
 * warm-up runs the same load on its own members for SCALE_WARMUP_SECONDS (default 10), so the
 * servers have compiled their code paths, as a server has minutes after it starts; the measured
 * members' reports are still cold on both servers, as a member's first look of the day is.
 */
const measuredCount = Math.max(uploadCount, readers);
const warmupCount = warmupSeconds > 0 ? Math.max(warmupUploadCount, readers) : 0;
const memberCount = measuredCount + warmupCount;
console.info(`${cpus().length} cores; load average ${load()} (1, 5, 15 min) before starting`);
console.info(`starting 2 api-servers on PostgreSQL behind a proxy`);
const metricsToken = `scale-metrics-${Math.random().toString(36).slice(2)}-${Date.now()}`;
// SCALE_CPU_PROF=DIR: each server writes its V8 CPU profile there when it stops.
const profile = [...(process.env.SCALE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_CPU_PROF}`] : []), ...(process.env.SCALE_TRACE_GC ? ['--trace-gc'] : [])];
const cluster = await startCluster(2, { NODE_ENV: 'production', CGM_ENABLE_TEST_HOOKS: '0', CGM_VALIDATE_RESPONSES: '0', CGM_METRICS_TOKEN: metricsToken }, profile);
/**
 * The longest event-loop stall of each server since the last call (prom-client's lag histogram,
 * which each scrape starts afresh): whether a slow answer waited in a server or elsewhere.
 */
const serverStalls = () =>
  Promise.all(
    cluster.nodes.map(async (node) => {
      const text = await (await fetch(`${node.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
      const max = /^cgm_nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text);
      return max ? Number(max[1]) * 1000 : NaN;
    }),
  );
/** The load generator's (and proxy's, which runs in it) own longest stall. */
const generatorLag = monitorEventLoopDelay({ resolution: 10 });
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
  // Readers' members: the first `readers` of each cohort (the measured cohort first).
  const readerMembers = [...memberIds.slice(0, readers), ...(warmupCount > 0 ? memberIds.slice(measuredCount, measuredCount + readers) : [])];
  const tokens = readerMembers.map((_, i) => `scale-token-${i}-${Math.random()}`);
  const now0 = Date.now();
  await database.query(
    `insert into upload_secrets (member_id, secret_hash, label, scope, lang, created_at)
       select unnest($1::int[]), unnest($2::text[]), 'phone', 'upload', 'en', $3`,
    [memberIds, secrets.map((s) => sha256(s)), now0],
  );
  await database.query(
    `insert into tokens (token_hash, member_id, created_at, expires_at) select unnest($1::text[]), unnest($2::int[]), $3, $4`,
    [tokens.map(sha256), readerMembers, now0, now0 + DAY],
  );
  const historyEnd = Math.floor((now0 - 3_600_000) / FIVE_MINUTES) * FIVE_MINUTES;
  await database.query(
    `insert into readings (member_id, time, mgdl, kind)
       select m, t, (140 + 60 * sin(t / 7200000.0 + m) + 20 * sin(t / 900000.0))::int, 'sgv'
       from unnest($1::int[]) m, generate_series($2::bigint, $3::bigint, ${FIVE_MINUTES}) t`,
    [readerMembers, historyEnd - 91 * DAY, historyEnd],
  );
  await database.query(
    `insert into reading_days (member_id, day, version)
       select member_id, time / 86400000, floor(random() * 281474976710655)::bigint + 1 from readings
       where member_id = any($1) group by member_id, time / 86400000`,
    [readerMembers],
  );
  console.info(`${memberCount} members (${readerMembers.length} with 90 days of readings, ${warmupCount} of them for the warm-up) written in ${((Date.now() - started0) / 1000).toFixed(1)} s`);

  const relations = async () => {
    const { rows } = await database.query<{ name: string; bytes: string }>(
      // Readings are partitioned by month: every partition and its index counts.
      `with stored as (select relid from pg_partition_tree('readings') union select 'nightscout_docs'::regclass)
       select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c
         where c.oid in (select relid from stored) or c.oid in (select indexrelid from pg_index where indrelid in (select relid from stored))`,
    );
    const { rows: totals } = await database.query<{ total: string; n: string }>(
      `select pg_database_size(current_database()) as total, (select count(*) from readings) as n`,
    );
    return { parts: new Map(rows.map((r) => [r.name, Number(r.bytes)])), total: Number(totals[0]!.total), count: Number(totals[0]!.n) };
  };
  // Upload order: every member of a cohort once, in a random order, each its last hour ending now.
  const shuffled = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i).sort(() => Math.random() - 0.5);
  const writes: number[] = [];
  const reads: number[] = [];
  /** The slowest answers and when they came (seconds into the run): a stall at the start, or all along. */
  const slowest: { kind: string; at: number; ms: number }[] = [];
  /** An answer to a request sent at `t0` (performance.now()) that took `took` ms. */
  const note = (kind: string, t0: number, took: number) => {
    slowest.push({ kind, at: (performance.timeOrigin + t0 - started) / 1000, ms: took });
    slowest.sort((a, b) => b.ms - a.ms).splice(12);
  };
  let writeErrors = 0;
  let readErrors = 0;
  let readBytes = 0;
  /** Whether answers are counted: not during the warm-up. */
  let counting = false;
  let started = Date.now();
  let end = started;

  // The postmaster is the parent of this connection's backend.
  const backend = (await database.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const serverPids = cluster.nodes.map((n) => n.child.pid!);

  const writer = async (order: number[]) => {
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
            if (!counting) return;
            if (!r.ok) writeErrors++;
            else {
              writes.push(performance.now() - t0);
              note('write', t0, performance.now() - t0);
            }
          })
          .catch(() => void (counting && writeErrors++))
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
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.random() * thinkMs, end - Date.now())));
    while (Date.now() < end) {
      const t0 = performance.now();
      const response = await fetch(`${cluster.baseUrl}/api${readPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'br, gzip', xToken: tokens[i]!, lanCode: 'en_US', timeZone: 'Europe/London' },
        body: JSON.stringify(reportPeriod(Date.now())),
      }).catch(() => null);
      if (!counting) await response?.arrayBuffer();
      else if (!response) readErrors++;
      else {
        const body = await response.arrayBuffer();
        // Every answer opens with its code: read from the first bytes, not by parsing 125 KB on the
        // event loop that also runs the proxy (that parse was a tenth of this process's time).
        const code = /^\{"code":(\d+)/.exec(new TextDecoder().decode(new Uint8Array(body, 0, Math.min(body.byteLength, 32))))?.[1];
        if (!response.ok || code !== '200') readErrors++;
        else {
          reads.push(performance.now() - t0);
          note('read', t0, performance.now() - t0);
          readBytes += Number(response.headers.get('content-length') ?? body.byteLength);
        }
      }
      // The think time, cut at the end of the phase (a reader does not hold the next phase back).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(thinkMs * (0.5 + Math.random()), end - Date.now()))));
    }
  };

  /** The writer on `order` and the readers of `readerTokens` for `length` seconds. */
  const phase = async (length: number, order: number[], readerTokens: number[]) => {
    started = Date.now();
    end = started + length * 1000;
    const [batches] = await Promise.all([writer(order), ...readerTokens.map((i) => reader(i))]);
    return batches;
  };
  // The bulk-written history analysed before anything reads it, as autovacuum would have done by
  // then; run between warm-up and measurement it put a plan-cache flush and a burst of hint-bit
  // writes into the measured window's first seconds.
  await database.query('vacuum analyze');
  if (warmupSeconds > 0) {
    console.info(`warm-up: ${warmupSeconds} s of the same load on the warm-up cohort (not counted)`);
    await phase(warmupSeconds, shuffled(measuredCount, memberCount), tokens.map((_, i) => i).slice(readers));
  }
  const before = await relations();
  // Counting the readings runs a parallel scan on both cores: let it end before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const cpuBefore = { generator: process.cpuUsage(), servers: serverPids.map(cpuSecondsOf), machine: machineSeconds(), postgres: clusterCpuSeconds(postmaster) };
  const loadBefore = load();
  await serverStalls();
  generatorLag.enable();
  counting = true;
  const batches = await phase(seconds, shuffled(0, measuredCount), tokens.map((_, i) => i).slice(0, readers));
  const elapsed = (Date.now() - started) / 1000;
  const generatorCpu = process.cpuUsage(cpuBefore.generator);
  const serverCpu = serverPids.map((pid, i) => cpuSecondsOf(pid) - cpuBefore.servers[i]!);
  const pgCpu = clusterCpuSeconds(postmaster) - cpuBefore.postgres;
  const machine = machineSeconds();
  const machineBusy = machine.busy - cpuBefore.machine.busy;
  const loadAfter = load();
  const stalls = await serverStalls();
  generatorLag.disable();

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
  console.info(
    `longest event-loop stall: servers ${stalls.map((s) => ms(s)).join(' and ')}; load generator and proxy ${ms(generatorLag.max / 1e6)} (p99 ${ms(generatorLag.percentile(99) / 1e6)})`,
  );
  console.info(`slowest answers: ${slowest.map((s) => `${s.kind} ${s.ms.toFixed(0)} ms at ${s.at.toFixed(1)} s`).join(', ')}`);
  console.info(`database growth per million readings: ${perMillion(after.total - before.total)} in all`);
  for (const table of ['readings', 'nightscout_docs']) {
    const parts = partsOf(table);
    console.info(`  ${table} ${perMillion(grown(parts))}: ${parts.filter((n) => grown([n]) !== 0).map((n) => `${n} ${perMillion(grown([n]))}`).join(', ')}`);
  }
  console.info(`per member-year (105,120 readings): ${(((after.total - before.total) / Math.max(added, 1)) * 105_120 / 2 ** 20).toFixed(1)} MiB`);
  console.info(`served by A: ${cluster.served.get('A')}, by B: ${cluster.served.get('B')}`);
  if (process.env.SCALE_TRACE_GC) {
    for (const node of cluster.nodes) {
      const pauses = node.output().split('\n').filter((line) => / (\d+(\.\d+)?) \/ \d/.test(line) && Number(/ (\d+(?:\.\d+)?) \/ /.exec(line)![1]) > 30);
      console.info(`GC pauses over 30 ms on ${node.name}:\n${pauses.join('\n')}`);
    }
  }
} finally {
  await database.end();
  await cluster.stop();
}
