import { describe, expect, it } from 'vitest';
import { payloads } from './postgres-fan-out';

describe('live events through NOTIFY', () => {
  const event = { event: 'reading' as const, data: { memberId: 7, time: 1_700_000_000_000, value: 104, trend: 'stable' } };

  it('sends one message when it fits', () => {
    const sent = payloads([7, 8, 9], event);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toEqual({ to: [7, 8, 9], event });
  });

  it('cuts a large recipient list into messages under the 8000-byte NOTIFY limit, each recipient once', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i);
    const sent = payloads(ids, event);
    expect(sent.length).toBeGreaterThan(1);
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const to = sent.flatMap((p) => (JSON.parse(p) as { to: number[] }).to);
    expect(to).toEqual(ids);
  });

  it('refuses an event that cannot fit even for one recipient, rather than losing it silently', () => {
    const huge = { event: 'alarms' as const, data: { note: 'x'.repeat(9_000) } };
    expect(() => payloads([1], huge)).toThrow(/too large/);
  });
});
