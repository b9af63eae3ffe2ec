import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * One variant app's production build (its `dist/` folder), held in memory and served with the
 * cache rules a deployment needs:
 * - `/assets/*` carry a content hash in their names, so they are cached for a year, immutable;
 * - everything else (index.html, the service worker, the manifest, icons) is revalidated on
 *   every use (`no-cache` + ETag), so a new release reaches every tab on its next load;
 * - brotli or gzip, chosen from Accept-Encoding, from the `.br`/`.gz` files the build wrote
 *   (tooling/vite/precompress.js); a text file the build left uncompressed is compressed here,
 *   once, at a quick level (source maps are sent as they are);
 * - any other path that is not a file answers index.html: the portal routes in the browser.
 * A build is a few MB, so memory is the fastest and simplest place for it.
 */
export interface BuiltApp {
  id: string;
  /** Answers a GET/HEAD for `pathname`, or undefined when the path is not this app's. */
  respond(pathname: string, request: { method: string; headers: Headers }): Response;
}

interface StaticFile {
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  type: string;
  etag: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};
/** Worth compressing: text formats. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Loads `distDir` (a Vite build) into memory. Throws when it has no index.html: build first. */
export function loadBuiltApp(id: string, distDir: string): BuiltApp {
  const files = new Map<string, StaticFile>();
  const all = new Set<string>();
  for (const path of walk(distDir)) all.add(path);
  for (const path of all) {
    const ext = extname(path);
    if (ext === '.br' || ext === '.gz') continue;
    const url = '/' + relative(distDir, path).split(sep).join('/');
    const body = readFileSync(path);
    const compressible = COMPRESSIBLE.has(ext) && body.length > 512;
    const pre = (suffix: string) => (all.has(path + suffix) ? readFileSync(path + suffix) : undefined);
    files.set(url, {
      body,
      br: compressible
        ? (pre('.br') ?? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
        : undefined,
      gzip: compressible ? (pre('.gz') ?? gzipSync(body, { level: 6 })) : undefined,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: url.startsWith('/assets/'),
    });
  }
  const index = files.get('/index.html');
  if (!index) throw new Error(`${distDir} has no index.html: build the app first (pnpm turbo run build)`);

  return {
    id,
    respond(pathname, request) {
      let file = files.get(pathname);
      // A missing hashed asset is a 404 (an old tab asking for last release's chunk must fail
      // loudly, not get HTML); any other unknown path is a route of the single-page app.
      if (!file && pathname.startsWith('/assets/')) return new Response('Not found', { status: 404 });
      file ??= index;
      const headers = new Headers({
        'Content-Type': file.type,
        'Cache-Control': file.immutable ? IMMUTABLE : REVALIDATE,
        ETag: file.etag,
        Vary: 'Accept-Encoding',
      });
      if (request.headers.get('If-None-Match') === file.etag) return new Response(null, { status: 304, headers });
      const accepted = request.headers.get('Accept-Encoding') ?? '';
      let body = file.body;
      if (file.br && /\bbr\b/.test(accepted)) {
        body = file.br;
        headers.set('Content-Encoding', 'br');
      } else if (file.gzip && /\bgzip\b/.test(accepted)) {
        body = file.gzip;
        headers.set('Content-Encoding', 'gzip');
      }
      headers.set('Content-Length', String(body.length));
      return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
    },
  };
}
