import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('CGM_TEST_CLOCK', () => {
  const env = (extra: Record<string, string>) => ({ CGM_DATA_DIR: '/tmp/unused', ...extra }) as NodeJS.ProcessEnv;

  it('freezes the clock at the instant given, for screenshot tests only', () => {
    expect(readConfig(env({ CGM_ENABLE_TEST_HOOKS: '1', CGM_TEST_CLOCK: '2026-03-10T12:00:00Z' })).testClock).toBe(Date.UTC(2026, 2, 10, 12));
    expect(readConfig(env({ CGM_ENABLE_TEST_HOOKS: '1' })).testClock).toBeUndefined();
  });

  it('is refused without test hooks or with a date that is not one', () => {
    expect(() => readConfig(env({ CGM_TEST_CLOCK: '2026-03-10T12:00:00Z' }))).toThrow(/CGM_TEST_CLOCK/);
    expect(() => readConfig(env({ CGM_ENABLE_TEST_HOOKS: '1', CGM_TEST_CLOCK: 'yesterday' }))).toThrow(/CGM_TEST_CLOCK/);
  });
});
