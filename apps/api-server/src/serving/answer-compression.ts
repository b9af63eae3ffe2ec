import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { API_BASE_PATH } from '@cgm-portal/api-client/contract';
import { LruMap } from '../lru-map';

/** Below this a JSON answer goes as it is: the gzip header and the CPU are not worth it. */
const MIN_BYTES = 1024;
/** Compressed answers kept by ETag (a 90-day packed answer is about 20 KB compressed). */
const KEPT_BY_ETAG = 256;

/**
 * gzip for the API's JSON answers (issue 19): 850 KB of plain 90-day readings become about
 * 110 KB, 70 KB packed become about 20 KB. gzip and not brotli: for answers made per request,
 * brotli at a comparable ratio took 2-3 times the CPU here for 2 % fewer bytes (the built apps
 * are brotli-compressed once, at build time). A contract answer's ETag names its exact bytes,
 * so its compressed form is kept and reused: fifty browsers on the same data cost one gzip.
 */
export function compressJsonAnswers(): MiddlewareHandler {
  const kept = new LruMap<string, Uint8Array>(KEPT_BY_ETAG);
  return async (c, next) => {
    await next();
    // The answer's body is read only when it is compressed afresh: on Node, asking a response for
    // its body turns the light response @hono/node-server writes directly into a web Response.
    const answer = c.res;
    const type = answer.headers.get('Content-Type') ?? '';
    if (answer.status !== 200 || !type.startsWith('application/json') || answer.headers.has('Content-Encoding')) return;
    answer.headers.append('Vary', 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    // Only the contract's ETags (/api/web/*) are made from every input of the answer (member,
    // span, language, data); others, such as Nightscout's history ETags, name a version of a
    // resource and may come with different bodies, so those answers are compressed afresh.
    const etag = c.req.path.startsWith(`${API_BASE_PATH}/web/`) ? answer.headers.get('ETag') : null;
    const key = etag && `${c.req.path}|${etag}`;
    let gzipped = key ? kept.get(key) : undefined;
    if (!gzipped) {
      const body = new Uint8Array(await answer.arrayBuffer());
      if (body.length < MIN_BYTES) {
        c.res = new Response(body, answer);
        return;
      }
      gzipped = gzipSync(body, { level: 6 });
      if (key) kept.set(key, gzipped);
    }
    const headers = new Headers(answer.headers);
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    c.res = new Response(gzipped, { status: answer.status, headers });
  };
}

/** gzip listed and not refused with q=0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
