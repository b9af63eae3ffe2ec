import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestHex } from '../http';
import { createNodePlatform } from './node';

describe('digestHex', () => {
  // Stored token and secret hashes and v1 document ids are made by either path: the Node
  // server hashes synchronously, the browser-held server with webcrypto; they must agree.
  it('answers the same hex on Node’s synchronous hash as on webcrypto’s, for SHA-1 and SHA-256', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cgm-digest-'));
    try {
      const node = createNodePlatform({ dataDir, rsaBits: 1024 });
      expect(node.digestHex).toBeTypeOf('function');
      for (const text of ['', 'entries|sgv|1700000000000', 'café ✓ 血糖']) {
        for (const algorithm of ['sha1', 'sha256'] as const) {
          expect(await digestHex(node, algorithm, text)).toBe(await digestHex(undefined, algorithm, text));
        }
      }
      expect(await digestHex(undefined, 'sha1', 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
