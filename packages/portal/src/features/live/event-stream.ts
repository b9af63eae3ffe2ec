/** One event of a text/event-stream: its type ("message" when unnamed) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the server-sent events format (HTML Living Standard, "Parsing an
 * event stream"), fed with text as it arrives: fetch hands over chunks that may split a line
 * or an event anywhere. Comments (heartbeats) only count as activity.
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    type = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A lone CR at the very end may be the first half of a CRLF: wait for the next chunk.
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        if (c === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
