// Shared Vitest presets: `node` for pure packages and the server, `dom` for React packages.
import { defineConfig } from 'vitest/config';

/** Pure code: no DOM, tests beside the code. */
export const nodePreset = (overrides = {}) =>
  defineConfig({
    test: {
      environment: 'node',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      ...overrides,
    },
  });

/** React components: jsdom, Testing Library. */
export const domPreset = (overrides = {}) =>
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      ...overrides,
    },
  });
