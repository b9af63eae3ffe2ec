// Shared Vitest presets: `node` for pure packages and the server, `dom` for React packages.
import { defineConfig } from 'vitest/config';

// Each package also writes a JSON report that scripts/test-summary.mjs adds up for CI; a second
// run of the same suite (the api-server on PostgreSQL) names its own with CGM_TEST_REPORT.
const reportName = process.env.CGM_TEST_REPORT ?? 'vitest';
const reporters = ['default', ['json', { outputFile: `.test-results/${reportName}.json` }]];

/** Pure code: no DOM, tests beside the code. */
export const nodePreset = (overrides = {}) =>
  defineConfig({
    test: {
      environment: 'node',
      reporters,
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      ...overrides,
    },
  });

/** React components: jsdom, Testing Library. */
export const domPreset = (overrides = {}) =>
  defineConfig({
    test: {
      environment: 'jsdom',
      reporters,
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      ...overrides,
    },
  });
