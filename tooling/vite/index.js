// The one Vite preset the three variant apps share.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.js';
import { variantPwa } from './pwa.js';

/** Where `vite dev` and `vite preview` send /api when the app calls its own origin. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';

/**
 * @param {{ port: number }} options the app's own port for dev and preview
 */
export function variantAppConfig({ port }) {
  // The apps and the API answer on one origin, as a deployment does: uploaders are given the
  // app's address, so Nightscout's websockets (/socket.io) pass through as well.
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true },
    '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    // Nightscout's watch-face endpoint, outside /api as in Nightscout.
    '/pebble': { target: apiTarget, changeOrigin: true },
  };
  return defineConfig({
    plugins: [react(), variantPwa(), precompress()],
    // Spec §4: stored local data is cleared when the stored app version differs from this one.
    define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(process.env.npm_package_version ?? '0.0.0') },
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    build: {
      target: 'es2022',
      sourcemap: true,
      chunkSizeWarningLimit: 1200,
    },
  });
}
