import { serve } from '@hono/node-server';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';

serve({ fetch: createApp().fetch, port, hostname: host }, (info) => {
  console.info(`api-server listening on http://${host}:${info.port}`);
});
