import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const feed = createSseParser((m) => messages.push(m));
  for (const chunk of chunks) feed(chunk);
  return messages;
}

describe('the realtime stream parser', () => {
  const stream = ': heartbeat\n\nevent: order\ndata: {"id":1}\n\ndata: a\ndata: b\n\n';

  it('reads typed and untyped events, skips comments, joins data lines', () => {
    expect(parse([stream])).toEqual([
      { type: 'order', data: '{"id":1}' },
      { type: 'message', data: 'a\nb' },
    ]);
  });

  it('gives the same events whichever way the chunks split the stream', () => {
    const whole = parse([stream]);
    for (let at = 1; at < stream.length; at++) {
      expect(parse([stream.slice(0, at), stream.slice(at)])).toEqual(whole);
    }
    expect(parse([...stream])).toEqual(whole);
  });

  it('takes CRLF line ends and a field without a space after the colon', () => {
    expect(parse(['event:rider\r\ndata:{"x":2}\r\n\r\n'])).toEqual([
      { type: 'rider', data: '{"x":2}' },
    ]);
  });

  it('holds an event back until its blank line arrives', () => {
    const messages: SseMessage[] = [];
    const feed = createSseParser((m) => messages.push(m));
    feed('event: order\ndata: 1\n');
    expect(messages).toEqual([]);
    feed('\n');
    expect(messages).toEqual([{ type: 'order', data: '1' }]);
  });
});
