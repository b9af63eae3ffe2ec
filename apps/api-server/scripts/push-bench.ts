// Figures of Web Push delivery (README, "Web Push"): 1,000 deliveries through the job queue, each
// encrypted for its own device (RFC 8291), VAPID-signed and POSTed over https to a push service on
// loopback; deliveries/s and the time from queueing to arrival (p50/p99), per worker concurrency.
//   pnpm --filter @cgm-portal/api-server bench:push
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../src/config';
import { JobWorker } from '../src/jobs/queue';
import { openStore } from '../src/node-server';
import { pushJobHandlers } from '../src/push/delivery';
import { enqueuePushDelivery } from '../src/push/push-jobs';
import { loadVapidKeys } from '../src/push/vapid';
import { ensurePushCertificate, startPushService } from '../src/test-support/push-service';

// The loopback service's certificate is trusted as the server trusts it in the tests: through
// NODE_EXTRA_CA_CERTS, which Node reads only at start, so the script starts itself once more.
if (!process.env.PUSH_BENCH_CERTIFICATE_DIR) {
  const certificateDir = mkdtempSync(join(tmpdir(), 'cgm-push-bench-tls-'));
  const { certificateFile } = ensurePushCertificate(certificateDir);
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: certificateFile, PUSH_BENCH_CERTIFICATE_DIR: certificateDir },
    stdio: 'inherit',
  });
  rmSync(certificateDir, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const DELIVERIES = 1_000;
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-push-bench-'));
const service = await startPushService({ certificateDir: process.env.PUSH_BENCH_CERTIFICATE_DIR });

const store = await openStore(readConfig({ CGM_DATA_DIR: dataDir } as NodeJS.ProcessEnv));
const vapid = await loadVapidKeys({}, dataDir);
const memberId = await store.insertMember({
  accountType: 3, email: 'bench@cgm-portal.example', mobile: null, passwordHash: 'x', memberName: 'Bench', avatar: '', country: null,
  timeZone: 'Europe/London', birthday: null, gender: null, diabetesType: null, diagnosisYear: null, remarks: null, petType: null,
  breed: null, weight: null, insulinType: null, insulinFreq: null, insulinDose: null, syringeType: null, unit: 'mmol/L',
  targetLow: 70, targetHigh: 180, highAlert: 250, lowAlert: 70, urgentLowAlert: 55, urgentHighAlert: 300, createdAt: Date.now(), lang: 'en',
});

async function run(round: number, concurrency: number) {
  const devices = [];
  for (let n = 0; n < DELIVERIES; n++) {
    const subscriber = service.subscriber(`r${round}-${n}`);
    const { keys, endpoint } = subscriber.subscription;
    const row = await store.savePushDevice({ memberId, endpoint, p256dh: keys.p256dh, auth: keys.auth, name: `Phone ${n}`, createdAt: Date.now() });
    devices.push({ row, subscriber, name: `r${round}-${n}` });
  }
  const before = service.received.length;
  const connectionsBefore = service.connections();
  const worker = new JobWorker({ store, handlers: pushJobHandlers({ store, push: { vapid, serviceHosts: ['127.0.0.1'] }, now: Date.now }), concurrency, pollMs: 50 });
  worker.start();
  const started = performance.now();
  const queuedAt = Date.now();
  for (const { row } of devices) await enqueuePushDelivery(store, { deviceId: row.id, recipientId: memberId, message: { kind: 'test' } }, Date.now());
  while (service.received.length - before < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  const arrivals = service.received.slice(before).map((p) => p.at - queuedAt).sort((a, b) => a - b);
  // The pushes decrypt with their own device's keys (RFC 8291, test-support's own implementation).
  const sample = devices[DELIVERIES - 1]!;
  const title = JSON.parse(sample.subscriber.decrypt(service.pushesTo(sample.name)[0]!.body)).title as string;
  for (const { row } of devices) await store.deletePushDevice(row.id);
  return { concurrency, connections: service.connections() - connectionsBefore, perSecond: DELIVERIES / seconds, p50: arrivals[Math.floor(arrivals.length * 0.5)]!, p99: arrivals[Math.floor(arrivals.length * 0.99)]!, title };
}

// A warm-up run so TLS session set-up and JIT are not in the figures.
console.info(`Web Push: ${DELIVERIES} deliveries per run to https://127.0.0.1 (loopback), SQLite job queue, load average ${loadavg()[0]!.toFixed(1)}`);
for (const [round, concurrency] of [16, 16, 64].entries()) {
  const r = await run(round, concurrency);
  console.info(
    `  worker concurrency ${String(r.concurrency).padStart(2)}: ${r.perSecond.toFixed(0).padStart(5)} deliveries/s; queued → received p50 ${r.p50} ms, p99 ${r.p99} ms; ${r.connections} TLS connections (decrypted: "${r.title}")`,
  );
}
await store.close();
await service.close();
rmSync(dataDir, { recursive: true, force: true });
