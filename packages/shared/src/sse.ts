/** One server-sent event as a client reads it (the fields the live stream uses). */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * Reads a server-sent-events text as it arrives in pieces (the web app's stream reader, and the
 * API's tests): `push` takes the next piece and returns the events it completed; comments
 * (keep-alives) and `retry:` lines make none. The format is the WHATWG one: fields per line,
 * an empty line ends an event, a line starting with ":" is a comment.
 */
export function createSseReader() {
  let buffer = '';
  return {
    push(text: string): SseEvent[] {
      buffer = (buffer + text).replace(/\r\n?/g, '\n');
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      const events: SseEvent[] = [];
      for (const block of blocks) {
        const event: SseEvent = { event: 'message', data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const at = line.indexOf(':');
          const field = at < 0 ? line : line.slice(0, at);
          const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'id') event.id = value;
          else if (field === 'data') {
            event.data = hasData ? `${event.data}\n${value}` : value;
            hasData = true;
          }
        }
        if (hasData) events.push(event);
      }
      return events;
    },
  };
}
