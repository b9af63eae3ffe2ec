import { API_BASE_PATH, LIVE_HEARTBEAT_MS, LIVE_PATH, ResponseCode } from '@cgm-portal/api-client/contract';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { viewerOfToken, type Deps } from '../http';
import { translate } from '../i18n/messages';
import { isKnownTimeZone } from '../text-safety';
import type { LiveFanOut } from './live-fan-out';

/**
 * GET /api/live: server-sent events for one signed-in account, with the calls' headers (xToken,
 * lanCode, timeZone). `reading` and `alarms` events of every member the account may see (the
 * fan-out decides at each event), and a comment line every heartbeat. The token is checked
 * again at each heartbeat, so a signed-out or expired session's stream ends.
 */
export function mountLiveStream(app: Hono, deps: Deps, fanOut: LiveFanOut): void {
  app.get(`${API_BASE_PATH}${LIVE_PATH}`, async (c) => {
    const lanCode = c.req.header('lanCode') ?? 'en_US';
    const token = c.req.header('xToken');
    const viewer = token ? await viewerOfToken(deps, token) : null;
    if (!token || !viewer) return c.json({ code: ResponseCode.loginExpired, message: translate(lanCode, 'loginExpired') });
    const timeZone = c.req.header('timeZone') ?? 'UTC';
    if (!isKnownTimeZone(timeZone)) return c.json({ code: ResponseCode.invalidPayload, message: translate(lanCode, 'invalidPayload', { field: 'timeZone' }) }, 400);
    c.header('Cache-Control', 'no-store');
    // Proxies (nginx) would otherwise hold events back to fill a buffer.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let ended = false;
      let wake: () => void = () => {};
      const end = () => {
        ended = true;
        wake();
      };
      stream.onAbort(end);
      const unsubscribe = fanOut.subscribe(viewer.member.id, {
        send: (event) => {
          if (!ended) void stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) }).catch(end);
        },
        end,
      });
      try {
        await stream.write(': live\n\n');
        while (!ended) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, LIVE_HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (ended || !(await viewerOfToken(deps, token))) break;
          await stream.write(': heartbeat\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
