import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { SharedMemberMonitor } from '../followers/shared-member-monitor';
import { ConnectionBanner } from './connection-banner';
import { LiveProvider } from './live-provider';

const now = Date.now();

/** The server end of the tab's live stream: what the test writes arrives as SSE chunks. */
function liveServer() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const requests: RequestInit[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    requests.push(init);
    const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  const encoder = new TextEncoder();
  return {
    fetch,
    requests,
    send: (event: string, data: unknown) => streams.at(-1)!.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    drop: () => streams.at(-1)!.close(),
  };
}

beforeAll(installBrowserShims);
beforeEach(() => sessionStorage.setItem('xToken', 'follower-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the tab live connection', () => {
  it("brings a new reading onto the follower's monitor without asking the API again", async () => {
    const server = liveServer();
    vi.stubGlobal('fetch', server.fetch);
    const api = {
      loadFollowedMemberInfo: vi.fn(async () => ({ memberId: 1, memberName: 'Alex Morgan', unit: 'mmol/L', timeZone: 'Europe/London' })),
      loadPackedReadings: vi.fn(async () => ({ memberId: 1, timeZone: 'Europe/London', readings: [{ time: now - 10 * 60_000, mgdl: 120 }] })),
    };
    await mountInPortal(
      <LiveProvider>
        <ConnectionBanner />
        <SharedMemberMonitor memberId={1} />
      </LiveProvider>,
      api,
    );
    expect((await screen.findByTestId('latest-glucose')).textContent).toBe('6.7');
    await waitFor(() => expect(server.fetch).toHaveBeenCalledOnce());
    expect(server.requests[0]!.headers).toMatchObject({ xToken: 'follower-token', lanCode: 'en_US' });

    server.send('reading', { memberId: 1, time: now, value: 187, trend: 'rising' });
    await waitFor(() => expect(screen.getByTestId('latest-glucose').textContent).toBe('10.4'));
    // Another member's reading, or a malformed one, changes nothing on this screen.
    server.send('reading', { memberId: 2, time: now + 1, value: 40, trend: 'stable' });
    server.send('reading', { memberId: 1, time: now + 2, value: 'low' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('latest-glucose').textContent).toBe('10.4');
    expect(api.loadPackedReadings).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('live-reconnecting')).toBeNull();

    server.drop();
    expect((await screen.findByTestId('live-reconnecting')).textContent).toMatch(/Reconnecting/);
    // Reconnected: the banner goes, and the gap is made up by asking once.
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByTestId('live-reconnecting')).toBeNull());
    await waitFor(() => expect(api.loadPackedReadings).toHaveBeenCalledTimes(2));
  });
});
