import { CodeOutbox, type Platform, type StoredFile } from './types';

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// PBKDF2 through WebCrypto: what a browser has. The in-memory app is a stand-in for
// Storybook and tests, not a place where real passwords live.
const PBKDF2_ITERATIONS = 10_000;

async function pbkdf2(plain: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(plain), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

interface Rsa {
  getPublicKey(): string;
  decrypt(text: string): string | false | null;
}

/**
 * The browser platform: PBKDF2, RSA through jsencrypt (a 1024-bit key made on first use, the
 * spec's default size), files and codes in memory.
 */
export function createBrowserPlatform(outbox = new CodeOutbox()): Platform & { outbox: CodeOutbox } {
  const files = new Map<string, StoredFile>();
  let rsa: Promise<Rsa> | undefined;
  const keyPair = () =>
    (rsa ??= import('jsencrypt').then(({ JSEncrypt }) => {
      const crypt = new JSEncrypt({ default_key_size: '1024' });
      crypt.getKey();
      return crypt as unknown as Rsa;
    }));

  return {
    outbox,
    async hashPassword(plain) {
      const salt = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)));
      const hash = await pbkdf2(plain, salt, PBKDF2_ITERATIONS);
      return `pbkdf2$${PBKDF2_ITERATIONS}$${b64(salt)}$${b64(hash)}`;
    },
    async verifyPassword(plain, stored) {
      const [scheme, iterations, salt, hash] = stored.split('$');
      if (scheme !== 'pbkdf2' || !salt || !hash) return false;
      const key = await pbkdf2(plain, unb64(salt), Number(iterations));
      const expected = unb64(hash);
      let diff = key.length ^ expected.length;
      for (let i = 0; i < key.length; i++) diff |= key[i]! ^ (expected[i] ?? 0);
      return diff === 0;
    },
    async publicKeyPem() {
      return (await keyPair()).getPublicKey();
    },
    async decryptCredential(base64) {
      try {
        const plain = (await keyPair()).decrypt(base64);
        return typeof plain === 'string' ? plain : null;
      } catch {
        return null;
      }
    },
    files: {
      async save(path, file) {
        files.set(path, file);
      },
      async read(path) {
        return files.get(path);
      },
      async remove(path) {
        files.delete(path);
      },
    },
    async deliverCode(address, code) {
      outbox.record(address, code);
    },
    async deliverNotice() {
      // Nothing leaves a browser-held server (Storybook, component tests).
    },
  };
}
