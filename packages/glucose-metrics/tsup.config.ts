import { defineConfig } from 'tsup';

// ESM for bundlers and `import`, CommonJS for `require()` (the exports map in publishConfig picks
// one per condition), each with its own declarations (.d.ts / .d.cts), as are-the-types-wrong checks.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // tsup's declaration build sets baseUrl, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  external: [/^@cgm-portal\//],
});
