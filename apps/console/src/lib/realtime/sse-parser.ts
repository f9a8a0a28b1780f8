/**
 * Incremental parser of a server-sent event stream (the WHATWG format, the parts the server
 * uses): `event:` and `data:` fields, a blank line ends an event, lines starting with ':' are
 * comments (heartbeats). Chunks may split lines anywhere, so the unfinished tail is kept.
 */
export type SseMessage = { type: string; data: string };

export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let type = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onMessage({ type: type || 'message', data: data.join('\n') });
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
  };

  return (chunk: string) => {
    buffer += chunk;
    let start = 0;
    for (;;) {
      const end = buffer.indexOf('\n', start);
      if (end === -1) break;
      const raw = buffer.slice(start, end);
      line(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
      start = end + 1;
    }
    buffer = buffer.slice(start);
  };
}
