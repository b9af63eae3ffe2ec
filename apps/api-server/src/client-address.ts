import type { Context } from 'hono';

/**
 * The address a request came from, for per-client limits. It is the TCP peer, unless the
 * operator says a given number of proxies stand in front (CGM_TRUST_PROXY_HOPS): then it is the
 * entry that many hops from the right of X-Forwarded-For, the one our own proxy wrote. A
 * client cannot choose its address by sending the header itself. In the browser-held server
 * (MSW) there is one client: 'local'.
 */
export function clientAddress(c: Context, trustedProxyHops = 0): string {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const entry = forwarded[forwarded.length - trustedProxyHops];
    if (entry) return entry;
  }
  return peer?.replace(/^::ffff:/, '') ?? 'local';
}

/** Was the request made over https? Only a trusted proxy's X-Forwarded-Proto is believed. */
export function isHttps(c: Context, trustedProxyHops = 0): boolean {
  return isHttpsRequest(c.req.raw, trustedProxyHops);
}

export function isHttpsRequest(request: Request, trustedProxyHops = 0): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return trustedProxyHops > 0 && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
