import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ReportPrinter } from './report-pdf/printer';
import { mountReportPdf, portalOriginsFrom } from './report-pdf/report-pdf';
import { readConfig } from './config';
import { createNodeDeps } from './node-server';
import { SocketFeed } from './nightscout/socket';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';

// `node dist/main.js` serves; `node dist/main.js seed` seeds (when the database has no members).
const config = readConfig();
const deps = await createNodeDeps(config);
const seedOnly = process.argv[2] === 'seed';

if (seedOnly || config.seedWhenEmpty) {
  if ((await deps.store.countMembers()) === 0) {
    const started = Date.now();
    const seed = process.env.CGM_SEED_NUMBER ? Number(process.env.CGM_SEED_NUMBER) : undefined;
    const summary = await seedDemoData(deps.store, deps.platform, { seed });
    console.info(
      `seeded demo data in ${Date.now() - started} ms: ${summary.members} accounts, ${summary.readings} readings, ${summary.sessions} sensor sessions, ${summary.events} events`,
    );
  } else if (seedOnly) {
    console.info('the database already has members; nothing seeded');
  }
}

if (seedOnly) {
  await deps.store.close();
} else {
  // Nightscout's websockets (AAPS) share the HTTP server; the feed tells them of every upload.
  const feed = new SocketFeed();
  deps.nightscoutFeed = feed;
  const app = createApp(deps);
  // Node only (headless Chromium), so it is mounted here and not in the browser-safe app.
  const printer = new ReportPrinter();
  mountReportPdf(app, deps, { printer, portalOrigins: portalOriginsFrom() });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/cgm-portal.sqlite`;
    console.info(`api-server listening on http://${config.host}:${info.port}/api (${where})`);
    if (config.enableTestHooks) console.info('test hooks are ON (/api/test/*)');
    console.info(`demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) {
      console.info(`  ${a.email.padEnd(29)} login type ${a.loginType}  ${a.about}${a.mobile ? `; phone ${a.mobile}` : ''}`);
    }
  });
  feed.attach(server as unknown as HttpServer, deps);
  const stop = () => {
    void feed.close();
    server.close();
    void printer.close();
    void deps.store.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
