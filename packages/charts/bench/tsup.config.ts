import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { 'render-trace': 'bench/render-trace.tsx' },
  outDir: '.bench',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // glucose-metrics ships TypeScript source: bundle it; everything else resolves from node_modules.
  noExternal: [/^@cgm-portal\//],
  clean: true,
  silent: true,
});
