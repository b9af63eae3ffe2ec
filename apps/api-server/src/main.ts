import type { Server as HttpServer } from 'node:http';
import { createApp } from './app';
import { ReportPrinter } from './report-pdf/printer';
import { mountReportPdf, portalOriginsFrom } from './report-pdf/report-pdf';
import { RenderQueue, renderQueueLimits } from './report-pdf/render-queue';
import { readConfig } from './config';
import { createNodeDeps, openStore } from './node-server';
import { SocketFeed } from './nightscout/socket';
import { AlertService } from './alerts/alert-service';
import { crossServerChannels } from './scale-out/cross-server';
import { alertFeed, allFeeds } from './alerts/reading-path';
import { alarmForPush, pushNotifier } from './alerts/push-notifier';
import { backup } from './operations';
import { log, routeConsoleToLog } from './observability/log';
import { prometheusSink } from './observability/metrics';
import { observedApi } from './observability/observed-api';
import { setTelemetrySink, telemetry } from './observability/telemetry';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';
import { isHttpsRequest } from './client-address';
import { securityHeaders } from './security-headers';
import { drainListeners, startListeners } from './serving/listeners';
import { loadSites } from './serving/sites';
import { JobWorker, type JobHandler } from './jobs/queue';
import { pushJobHandlers } from './push/delivery';
import { noticeJobHandlers } from './delivery/notice-jobs';
import { compressJsonAnswers } from './serving/answer-compression';

/** How often a server makes sure the coming months have their readings partitions. */
const STORAGE_TICK_MS = 3_600_000;

// `node dist/main.js` serves the API and the built apps (CGM_APPS); `seed` seeds an empty
// database; `migrate` brings the schema up to date; `backup <file>` copies the SQLite database.
const config = readConfig();
const command = process.argv[2] ?? 'serve';

if (command === 'migrate') {
  const store = await openStore(config);
  await store.close();
  console.info('the database schema is up to date');
} else if (command === 'backup') {
  try {
    console.info(`backed up to ${await backup(config, process.argv[3])}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} else if (command === 'seed' || command === 'serve') {
  await serveOrSeed(command === 'seed');
} else {
  console.error(`unknown command "${command}": use serve (default), seed, migrate or backup <file>`);
  process.exitCode = 2;
}

async function serveOrSeed(seedOnly: boolean) {
  // The commands print plain text for a person; the server logs JSON lines for its operators.
  if (!seedOnly) routeConsoleToLog();
  // The apps are read before anything else: a missing build is a start-up error, not a 404 later.
  const sites = seedOnly ? undefined : loadSites(config.apps, config.appsDir);
  const deps = await createNodeDeps(config);
  // The server's clock may stand elsewhere (CGM_TEST_CLOCK): its months too, before any seed.
  await deps.store.prepareStorage?.(deps.now());
  if (seedOnly || config.seedWhenEmpty) {
    if ((await deps.store.countMembers()) === 0) {
      const started = Date.now();
      const seed = process.env.CGM_SEED_NUMBER ? Number(process.env.CGM_SEED_NUMBER) : undefined;
      const summary = await seedDemoData(deps.store, deps.platform, { seed, now: deps.now() });
      console.info(
        `seeded demo data in ${Date.now() - started} ms: ${summary.members} accounts, ${summary.readings} readings, ${summary.sessions} sensor sessions, ${summary.events} events`,
      );
    } else if (seedOnly) {
      console.info('the database already has members; nothing seeded');
    }
  }
  if (seedOnly || !sites) {
    await deps.store.close();
    return;
  }

  setTelemetrySink(prometheusSink);
  // Readings stored from now on (the seed above is not ingestion).
  const insertReadings = deps.store.insertReadings.bind(deps.store);
  deps.store.insertReadings = async (rows) => {
    const stored = await insertReadings(rows);
    if (stored > 0) telemetry.readingsIngested(stored, 'any');
    return stored;
  };
  // Nightscout's websockets (AAPS) share the HTTP servers; the feed tells them of every upload.
  const feed = new SocketFeed();
  // Every stored live reading goes to the alert engine, which tells open pages (GET /api/live),
  // Nightscout's alarm channel (the sockets) and the notifier.
  const crossServer = await crossServerChannels(config.databaseUrl);
  const { fanOut } = crossServer;
  // Web Push where the server can send it: each notice is a queued job (push/).
  const notifier = deps.push ? pushNotifier(deps.store, deps.now) : undefined;
  const alerts = new AlertService({ store: deps.store, now: deps.now, fanOut, channel: feed, notifier, noDataMinutes: config.noDataMinutes });
  deps.nightscoutFeed = allFeeds(feed, alertFeed(alerts));
  deps.liveFanOut = fanOut;
  // No-data and repeats between readings: one timer per server; its writes are conditional, so servers sharing the database act once.
  const alertTimer = setInterval(() => void alerts.tick().catch((error: unknown) => console.error('alert timer', error)), config.alertTickMs);
  alertTimer.unref();
  // The month partitions a year ahead (PostgreSQL); a failure (a lock not had in time) is retried next hour.
  const storageTimer = setInterval(() => void deps.store.prepareStorage?.(deps.now()).catch((error: unknown) => console.error('storage timer', error)), STORAGE_TICK_MS);
  storageTimer.unref();
  const app = createApp(deps);
  // Node only (headless Chromium), so it is mounted here and not in the browser-safe app.
  const printer = new ReportPrinter();
  const print = printer.print.bind(printer);
  printer.print = async (url) => {
    const started = performance.now();
    try {
      const pdf = await print(url);
      telemetry.pdfRendered((performance.now() - started) / 1000, 'ok');
      return pdf;
    } catch (error) {
      telemetry.pdfRendered((performance.now() - started) / 1000, 'failed');
      throw error;
    }
  };
  const queue = new RenderQueue({ ...renderQueueLimits(), onWaited: (ms) => telemetry.pdfQueueWaited(ms / 1000) });
  mountReportPdf(app, deps, { printer, portalOrigins: portalOriginsFrom(), queue });

  let draining = false;
  const listeners = await startListeners({
    api: observedApi(app, [compressJsonAnswers()]),
    sites,
    metrics: config.metrics,
    pageHeaders: (response, request) => {
      for (const [name, value] of Object.entries(securityHeaders('page', isHttpsRequest(request, config.trustProxyHops)))) {
        response.headers.set(name, value);
      }
    },
    host: config.host,
    port: config.port,
    ready: async () => !draining && (await deps.store.countMembers()) >= 0,
  });
  for (const { server } of listeners) feed.attach(server as unknown as HttpServer, deps, crossServer.socketAdapter);
  if (crossServer.nightscoutRelay) feed.relayThrough(crossServer.nightscoutRelay);
  // Each server runs the queued jobs (jobs/queue.ts); servers sharing a database share the work.
  const jobHandlers: Record<string, JobHandler> = {
    ...noticeJobHandlers(deps.platform),
    ...(deps.push ? pushJobHandlers({ store: deps.store, push: deps.push, now: deps.now, alarmLookup: (alarmId, recipientId, at) => alarmForPush(deps.store, alarmId, recipientId, at) }) : {}),
  };
  const worker = new JobWorker({
    store: deps.store,
    handlers: jobHandlers,
    leaseMs: config.jobLeaseMs,
    onFailure: (job, attempt, error, final) =>
      log.warn({ job: job.id, kind: job.kind, attempt, final, err: { message: (error as Error)?.message } }, final ? 'job given up' : 'job failed; will retry'),
  });
  worker.start();

  const [main, ...others] = listeners;
  const appPorts = others.filter((l) => !l.metricsOnly);
  const metricsListener = others.find((l) => l.metricsOnly);
  const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/cgm-portal.sqlite`;
  console.info(`api-server listening on http://${config.host}:${main!.port}/api (${where})`);
  for (const { port, app: built } of appPorts) console.info(`  ${built!.id} on http://${config.host}:${port}/`);
  for (const [host, built] of sites.hosts) console.info(`  ${built.id} for host ${host}`);
  if (metricsListener) console.info(`  metrics on http://${config.host}:${metricsListener.port}/metrics`);
  if (config.enableTestHooks) console.info('test hooks are ON (/api/test/*)');
  // The demo password is in the README, never in the log (the log holds no password).
  console.info('demo logins (password: see apps/api-server/README.md):');
  for (const a of DEMO_ACCOUNTS) {
    console.info(`  ${a.email.padEnd(29)} login type ${a.loginType}  ${a.about}${a.mobile ? `; phone ${a.mobile}` : ''}`);
  }

  // SIGTERM (a deploy, a scale-in): readiness fails at once so the proxy stops sending, requests
  // in flight finish, sockets close, then the database. A second signal exits at once.
  const stop = async (signal: string) => {
    if (draining) process.exit(1);
    draining = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, 'draining requests in flight');
    clearInterval(alertTimer);
    clearInterval(storageTimer);
    alerts.close();
    // Open live streams would hold the drain for its whole grace: pages reconnect elsewhere.
    fanOut.endAll();
    // The worker claims nothing more and lets the jobs it runs finish; unstarted ones wait in the database.
    // Each step is logged: a stop that hangs names the step it hangs in.
    const step = async (name: string, work: Promise<unknown>) => {
      await work;
      log.info({ step: name }, 'shutdown step done');
    };
    await Promise.all([step('requests drained', drainListeners(listeners, config.shutdownGraceMs)), step('Nightscout feed closed', feed.close()), step('job worker stopped', worker.stop())]);
    await step('cross-server channels closed', crossServer.close());
    await step('PDF printer closed', printer.close());
    await step('database closed', deps.store.close());
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
