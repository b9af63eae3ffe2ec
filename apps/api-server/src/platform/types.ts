import type { ReportStatistics, StatisticsInput } from '../report-statistics';

/**
 * What differs between Node and the browser. The app receives one of these; nothing above
 * it imports node:* or a native module, so the same app runs in MSW.
 */
export interface Platform {
  /** Slow salted one-way hash (scrypt on Node). The string carries its own parameters. */
  hashPassword(plain: string): Promise<string>;
  verifyPassword(plain: string, stored: string): Promise<boolean>;
  /** SPKI PEM of the server's RSA key, for the client's jsencrypt. */
  publicKeyPem(): Promise<string>;
  /**
   * Decrypts a base64 RSA PKCS#1 v1.5 credential. Never throws on bad input: it answers
   * null, so a bad padding looks the same to the caller as a wrong password.
   */
  decryptCredential(base64: string): Promise<string | null>;
  files: FileStorage;
  /**
   * SHA-1 or SHA-256 hex of a short text, synchronously (Node's createHash). Webcrypto's digest,
   * used where this is absent (the browser), costs a thread-pool job per call: 0.1–0.4 ms of the
   * server's own thread on a busy machine, twelve times per uploaded hour of entries.
   */
  digestHex?(algorithm: 'sha1' | 'sha256', text: string): string;
  /**
   * Decodes an uploaded image and encodes it afresh, so only pixels are kept (no metadata, no
   * trailing payload); null when it is not a whole image. Absent in the browser-held server,
   * which keeps the signature check only.
   */
  reencodeImage?(bytes: Uint8Array): Promise<{ bytes: Uint8Array; extension: 'png' | 'jpg' | 'webp' } | null>;
  /**
   * Delivers a verification code by e-mail or SMS (the address says which), in the language of
   * `lanCode`; the demo outbox file where no channel is configured (delivery/couriers.ts).
   */
  deliverCode(address: string, code: string, purpose: 'login' | 'resetPassword', lanCode: string): Promise<void>;
  /**
   * A report's summary and AGP, computed off the server's thread (a worker on Node,
   * statistics-pool.ts); absent in the browser-held server, which computes them in place.
   */
  reportStatistics?(input: StatisticsInput): Promise<ReportStatistics>;
  /** Tells a person of something that concerns them (a follow request), in their language. */
  deliverNotice(address: string, notice: Notice, lanCode: string): Promise<void>;
}

export type Notice = { kind: 'followerRequest'; name: string; email: string };

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /** `path` is relative, e.g. memberAvatar/abc.png; already checked by the caller. */
  save(path: string, file: StoredFile): Promise<void>;
  read(path: string): Promise<StoredFile | undefined>;
  /** Removes a file; a missing one is not an error (it may be gone already). */
  remove(path: string): Promise<void>;
}

/** The dev "outbox": the last code sent to each address, for the test hooks. */
export class CodeOutbox {
  private readonly last = new Map<string, string>();
  record(address: string, code: string) {
    this.last.set(address, code);
  }
  lastCode(address: string) {
    return this.last.get(address);
  }
}

/** PKCS#1 v1.5 type-2 unpadding of a raw RSA block: 00 02 PS(≥8 non-zero) 00 M. */
export function unpadPkcs1v15(block: Uint8Array): Uint8Array | null {
  if (block.length < 11 || block[0] !== 0 || block[1] !== 2) return null;
  let separator = -1;
  for (let i = 2; i < block.length; i++) {
    if (block[i] === 0) {
      separator = i;
      break;
    }
  }
  if (separator < 10) return null;
  return block.subarray(separator + 1);
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
export function contentTypeOf(path: string): string {
  return MIME_BY_EXT[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
