import sharp from 'sharp';
import { constants, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Couriers } from '../delivery/couriers';
import { composeMessage } from '../delivery/templates';
import { CODE_VALID_MINUTES } from '../routes/code-rules';
import { CodeOutbox, contentTypeOf, unpadPkcs1v15, type FileStorage, type Platform } from './types';
import { createStatisticsPool } from './statistics-pool';

// scrypt N=2^15, r=8, p=1: about 50 ms and 32 MiB per hash (OWASP's minimum is N=2^17 with
// less memory per unit of time; this keeps a 50-client login test bounded on 2 cores).
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(plain: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((ok, fail) =>
    scrypt(plain, salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? fail(error) : ok(key))),
  );
}

/** A new RSA private key for sign-in credentials, as PKCS#8 PEM. */
export function newRsaKeyPem(bits: number): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 65537 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Reads the RSA private key from the data directory, creating it on first start. */
function keyFromDataDir(dataDir: string, bits: number): string {
  const path = join(dataDir, 'rsa-private-key.pem');
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, newRsaKeyPem(bits), { mode: 0o600 });
  }
  return readFileSync(path, 'utf8');
}

function openKey(pem: string) {
  const privateKey = createPrivateKey(pem);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicPem };
}

/** Files below `<dataDir>/files`, for a deployment of one server. */
function filesInFolder(dataDir: string): FileStorage {
  const filesRoot = resolve(dataDir, 'files');
  const inFiles = (path: string) => {
    const full = resolve(filesRoot, path);
    if (!full.startsWith(filesRoot + sep)) throw new Error('path escapes the files directory');
    return full;
  };
  return {
    async save(path, file) {
      const full = inFiles(path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, file.bytes);
    },
    async read(path) {
      try {
        return { bytes: new Uint8Array(await readFile(inFiles(path))), contentType: contentTypeOf(path) };
      } catch {
        return undefined;
      }
    },
    async remove(path) {
      await rm(inFiles(path), { force: true });
    },
  };
}

export interface NodePlatformOptions {
  dataDir: string;
  rsaBits: number;
  /**
   * The sign-in key as PEM, where several servers share one (kept in PostgreSQL); by default the
   * key file in the data folder, made on first start.
   */
  rsaKeyPem?: string;
  /** Where uploaded files go; by default the data folder's files/. */
  files?: FileStorage;
  outbox?: CodeOutbox;
  /** E-mail, SMS, or the demo outbox file (never the server log: codes are secrets). */
  couriers?: Couriers;
  /** The deployment's name in messages (CGM_MAIL_BRAND). */
  brand?: string;
}

export function createNodePlatform(options: NodePlatformOptions): Platform {
  const { privateKey, publicPem } = openKey(options.rsaKeyPem ?? keyFromDataDir(options.dataDir, options.rsaBits));
  const outbox = options.outbox ?? new CodeOutbox();

  return {
    digestHex: (algorithm, text) => createHash(algorithm).update(text).digest('hex'),
    reportStatistics: createStatisticsPool(),
    async hashPassword(plain) {
      const salt = randomBytes(16);
      const key = await scryptAsync(plain, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
      return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verifyPassword(plain, stored) {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64');
      const key = await scryptAsync(plain, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), expected.length);
      return timingSafeEqual(key, expected);
    },
    async publicKeyPem() {
      return publicPem;
    },
    async decryptCredential(base64) {
      try {
        // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809, the Marvin attack), so
        // the raw block is unpadded here. Bad padding answers null, which callers treat exactly
        // like a wrong password (same message, same password-hash work), so there is no oracle.
        const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
        const plain = unpadPkcs1v15(block);
        return plain ? Buffer.from(plain).toString('utf8') : null;
      } catch {
        return null;
      }
    },
    async reencodeImage(bytes) {
      try {
        // At most 40 megapixels are decoded: a small file cannot unpack into gigabytes.
        const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
        const { format } = await image.metadata();
        if (format === 'jpeg') return { bytes: new Uint8Array(await image.jpeg({ quality: 90 }).toBuffer()), extension: 'jpg' };
        if (format === 'webp') return { bytes: new Uint8Array(await image.webp().toBuffer()), extension: 'webp' };
        if (format === 'png' || format === 'gif') return { bytes: new Uint8Array(await image.png().toBuffer()), extension: 'png' };
        return null;
      } catch {
        return null;
      }
    },
    files: options.files ?? filesInFolder(options.dataDir),
    async deliverCode(address, code, purpose, lanCode) {
      outbox.record(address, code);
      const kind = purpose === 'login' ? 'signInCode' : 'passwordReset';
      const brand = options.brand ?? 'CGM Portal';
      await options.couriers?.send(address, composeMessage({ kind, code, minutes: CODE_VALID_MINUTES }, lanCode, brand));
    },
    async deliverNotice(address, notice, lanCode) {
      await options.couriers?.send(address, composeMessage(notice, lanCode, options.brand ?? 'CGM Portal'));
    },
  };
}
