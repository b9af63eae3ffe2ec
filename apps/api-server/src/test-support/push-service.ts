import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Web Push service on loopback for tests and the benchmark: it speaks https with a certificate
 * made here (the server under test trusts it through NODE_EXTRA_CA_CERTS), records every push,
 * answers with whatever status a test asks for, and decrypts payloads with the subscriber's own
 * keys (RFC 8291, written here from the RFC, not taken from the library under test).
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
  at: number;
}

export interface Subscriber {
  /** PushSubscription.toJSON() as a browser gives it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The plaintext of a push to this subscriber. */
  decrypt(body: Buffer): string;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface TestPushService {
  origin: string;
  /** Trust this file (NODE_EXTRA_CA_CERTS) to reach the service. */
  certificateFile: string;
  received: ReceivedPush[];
  /** TLS connections accepted so far (keep-alive reuse shows as fewer connections than pushes). */
  connections(): number;
  /** A browser's subscription at `/push/<name>`, with fresh keys. */
  subscriber(name: string): Subscriber;
  /** The next answers for `/push/<name>`, in order (then 201). */
  answer(name: string, ...statuses: number[]): void;
  /** Resolves once `/push/<name>` has received `count` pushes (answered or not). */
  waitFor(name: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  pushesTo(name: string): ReceivedPush[];
  close(): Promise<void>;
}

/** A certificate for https://127.0.0.1 in `dir` (made once, with openssl), for the service and for whoever must trust it. */
export function ensurePushCertificate(dir: string): { keyFile: string; certificateFile: string } {
  const keyFile = join(dir, 'key.pem');
  const certificateFile = join(dir, 'cert.pem');
  if (!existsSync(certificateFile)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certificateFile,
    ], { stdio: 'ignore' });
  }
  return { keyFile, certificateFile };
}

/** `port` 0 picks a free one; `certificateDir` keeps the certificate (made there if missing), else a temporary one. */
export async function startPushService(options: { port?: number; certificateDir?: string } = {}): Promise<TestPushService> {
  const dir = options.certificateDir ?? mkdtempSync(join(tmpdir(), 'cgm-push-service-'));
  const { keyFile, certificateFile } = ensurePushCertificate(dir);

  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const waiters = new Set<() => void>();
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certificateFile) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
      received.push({ path, headers, body: Buffer.concat(chunks), at: Date.now() });
      const status = answers.get(path)?.shift() ?? 201;
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 201 ? '' : `status ${status}`);
      for (const wake of waiters) wake();
    });
  });
  let connections = 0;
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `https://127.0.0.1:${port}`;
  const pushesTo = (name: string) => received.filter((r) => r.path === `/push/${name}`);

  return {
    origin,
    certificateFile,
    received,
    connections: () => connections,
    pushesTo,
    subscriber(name) {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      return {
        subscription: {
          endpoint: `${origin}/push/${name}`,
          expirationTime: null,
          keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        decrypt: (body) => decryptAes128gcm(body, ua, auth),
      };
    },
    answer(name, ...statuses) {
      answers.set(`/push/${name}`, [...(answers.get(`/push/${name}`) ?? []), ...statuses]);
    },
    async waitFor(name, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (pushesTo(name).length < count) {
        if (Date.now() > deadline) throw new Error(`${name} received ${pushesTo(name).length} of ${count} pushes in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          waiters.add(wake);
        });
      }
      return pushesTo(name);
    },
    async close() {
      // The server under test keeps connections alive; a closing test must not wait for them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.certificateDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF (RFC 5869) with one block of output, enough for every key here. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: checks `Authorization: vapid t=<JWT>, k=<key>`: the key is the expected one and the
 * JWT's ES256 signature verifies with it. Answers the JWT's claims; throws otherwise.
 */
export function verifyVapid(authorization: string | undefined, expectedPublicKey: string): VapidClaims {
  const match = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
  if (key !== expectedPublicKey) throw new Error('the VAPID key is not the server key');
  const { alg, typ } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; typ: string };
  if (alg !== 'ES256' || typ !== 'JWT') throw new Error(`JWT header ${alg}/${typ}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const genuine = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!genuine) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
