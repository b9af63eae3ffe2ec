/** One server-sent event as a test hears it. */
export type Heard = { event: string; data: Record<string, unknown> };

/**
 * Opens GET /api/live at `baseUrl` as `token`, as the portal's live connection does; collects its
 * events, and `next` waits for the first (already heard or still to come) that matches.
 */
export async function openStream(baseUrl: string, token: string | null) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { Accept: 'text/event-stream', lanCode: 'en_US', timeZone: 'Europe/London', ...(token ? { xToken: token } : {}) },
    signal: controller.signal,
  });
  const heard: Heard[] = [];
  const waiting: { match: (h: Heard) => boolean; resolve: (h: Heard) => void }[] = [];
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event || !data) continue;
            const h = { event, data: JSON.parse(data) as Record<string, unknown> };
            heard.push(h);
            const i = waiting.findIndex((w) => w.match(h));
            if (i >= 0) waiting.splice(i, 1)[0]!.resolve(h);
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const next = (match: (h: Heard) => boolean) => {
    const seen = heard.find(match);
    return seen ? Promise.resolve(seen) : new Promise<Heard>((resolve) => waiting.push({ match, resolve }));
  };
  return { response, heard, next, close: () => controller.abort() };
}
