import { Hono } from 'hono';

/** The HTTP application: every /api route lives under this app. */
export function createApp() {
  const app = new Hono();
  app.get('/api/health', (c) => c.json({ code: 200, message: 'ok' }));
  return app;
}
