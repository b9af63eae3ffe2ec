import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamEvent } from './event-stream';

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createEventStreamParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('event stream parser', () => {
  it('reads named events with their data, ignoring heartbeat comments', () => {
    expect(parse([': heartbeat\n\nevent: reading\ndata: {"value":100}\n\n'])).toEqual([{ event: 'reading', data: '{"value":100}' }]);
  });

  it('puts together events split anywhere between chunks, CRLF included', () => {
    const text = 'event: alarms\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: reading\ndata: x\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual([
        { event: 'alarms', data: '{"a":\n1}' },
        { event: 'reading', data: 'x' },
      ]);
    }
  });

  it('dispatches nothing for an event without data or before its blank line', () => {
    expect(parse(['event: reading\n\n', 'event: reading\ndata: half'])).toEqual([]);
  });

  it('defaults the type to message and keeps the last id', () => {
    expect(parse(['id: 7\ndata:plain\n\n'])).toEqual([{ event: 'message', data: 'plain', id: '7' }]);
  });
});
