import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(withTimeout(async () => ({ ok: 1 }), 1000)()).resolves.toEqual({ ok: 1 });
  });

  it('rejects with a ChunkLoadError after the time-out', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise(() => undefined), 120_000)();
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('turns a failed import into a recognisable ChunkLoadError', async () => {
    const failing = withTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')));
    const error = await failing().catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
  });
});
