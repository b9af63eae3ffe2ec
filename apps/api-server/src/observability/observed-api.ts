import { Hono, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { requestContext } from './log';

/**
 * The API with its route patterns named for the access log and the latency histogram
 * (`/api/v3/:collection/:identifier`, never the URL, which can carry a secret or a share token).
 * Mount this after every route of `api` exists: Hono copies routes when mounting. `middleware`
 * runs around every API answer (the Node server's compression).
 */
export function observedApi(api: Hono, middleware: MiddlewareHandler[] = []): Hono {
  const root = new Hono();
  root.use('*', async (c, next) => {
    await next();
    const context = requestContext.getStore();
    // The last handler bound to a method is the route; `ALL` entries are middleware (CORS, limits).
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
    if (context) context.route = route ? `${route.method} ${route.path}` : '(unmatched)';
  });
  for (const handler of middleware) root.use('*', handler);
  root.route('/', api);
  // The API's own not-found answer (JSON), which mounting does not carry over.
  root.notFound((c) => api.fetch(c.req.raw, c.env));
  return root;
}
