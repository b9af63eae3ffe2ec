// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from './event-stream';
import { openLiveConnection, type LiveStatus } from './live-connection';

/** A server side of one stream: what the test writes arrives at the client as chunks. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** The shared CI machine can be slow: give every wait room. */
const SLOW_MACHINE = { timeout: 5_000 };

function recorder() {
  const events: StreamEvent[] = [];
  const statuses: LiveStatus[] = [];
  return { events, statuses, onEvent: (e: StreamEvent) => events.push(e), onStatus: (s: LiveStatus) => statuses.push(s) };
}

describe('live connection', () => {
  it('sends the session headers and delivers events as they arrive', async () => {
    const stream = streamResponse();
    const send = vi.fn(async () => stream.response);
    const r = recorder();
    const live = openLiveConnection({ url: '/api/live', headers: () => ({ xToken: 't1', lanCode: 'ar' }), fetch: send, ...r });
    await vi.waitFor(() => expect(r.statuses).toEqual(['connecting', 'open']), SLOW_MACHINE);
    stream.write('event: reading\ndata: {"value":55}\n\n');
    await vi.waitFor(() => expect(r.events).toEqual([{ event: 'reading', data: '{"value":55}' }]), SLOW_MACHINE);
    const init = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].headers).toMatchObject({ xToken: 't1', lanCode: 'ar', Accept: 'text/event-stream' });
    live.close();
    await vi.waitFor(() => expect(r.statuses.at(-1)).toBe('closed'), SLOW_MACHINE);
  });

  it('says it is reconnecting when the line drops, and comes back with fresh headers', async () => {
    const first = streamResponse();
    const second = streamResponse();
    let token = 'old';
    const send = vi.fn().mockResolvedValueOnce(first.response).mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(second.response);
    const r = recorder();
    const live = openLiveConnection({ url: '/api/live', headers: () => ({ xToken: token }), fetch: send, retryDelaysMs: [5], ...r });
    await vi.waitFor(() => expect(r.statuses).toContain('open'), SLOW_MACHINE);
    token = 'new';
    first.end();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3), SLOW_MACHINE);
    await vi.waitFor(() => expect(r.statuses).toEqual(['connecting', 'open', 'reconnecting', 'reconnecting', 'open']), SLOW_MACHINE);
    expect((send.mock.calls[2] as [string, RequestInit])[1].headers).toMatchObject({ xToken: 'new' });
    live.close();
  });

  it('treats a silent line as dead: no heartbeat within the limit means reconnect', async () => {
    const silent = streamResponse();
    const next = streamResponse();
    const send = vi.fn().mockResolvedValueOnce(silent.response).mockResolvedValueOnce(next.response);
    const r = recorder();
    const live = openLiveConnection({ url: '/api/live', headers: () => ({}), fetch: send, silenceLimitMs: 30, retryDelaysMs: [0], ...r });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2), SLOW_MACHINE);
    expect(r.statuses.slice(0, 3)).toEqual(['connecting', 'open', 'reconnecting']);
    live.close();
  });

  it('stops for good when the server says the login expired', async () => {
    const send = vi.fn(async () => Response.json({ code: 300, message: 'expired' }));
    const onLoginExpired = vi.fn();
    const r = recorder();
    openLiveConnection({ url: '/api/live', headers: () => ({}), fetch: send, retryDelaysMs: [0], onLoginExpired, ...r });
    await vi.waitFor(() => expect(r.statuses.at(-1)).toBe('closed'), SLOW_MACHINE);
    expect(onLoginExpired).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledOnce();
  });

  it('gives up quietly on a server without a live stream: the screens keep polling', async () => {
    const send = vi.fn(async () => Response.json({ code: 404, message: 'Not found' }, { status: 404 }));
    const r = recorder();
    openLiveConnection({ url: '/api/live', headers: () => ({}), fetch: send, retryDelaysMs: [0], ...r });
    await vi.waitFor(() => expect(r.statuses).toEqual(['connecting', 'unavailable']), SLOW_MACHINE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).toHaveBeenCalledOnce();
  });
});
