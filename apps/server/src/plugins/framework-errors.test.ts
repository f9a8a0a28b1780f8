import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * Every refusal the framework makes (node's HTTP parser, the router, the body parsers) answers in
 * the same `{detail}` shape as the API's own errors, with a sentence from core's messages.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('on a listening server', () => {
  it('answers a 20 kB query string with 431 and {detail}', async () => {
    const res = await fetch(`${base}/api/v1/entity/customers/?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: HTTP_MESSAGES.HEADERS_TOO_LARGE });
  });

  it('answers a request line that is not HTTP with 400 and {detail}', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => {
        data += d;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: HTTP_MESSAGES.BAD_REQUEST,
    });
  });

  it('answers a path that is not valid URL encoding with 404 and {detail}', async () => {
    const res = await fetch(`${base}/api/v1/orders/blood/%E0%A4%A/`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: ERRORS.NOT_FOUND });
  });
});

describe('through the router and body parsers', () => {
  const post = (payload: string, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/',
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  it('answers 415, 413, 404 and bad JSON with {detail} sentences', async () => {
    const unsupported = await post('token=x', 'application/xml');
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toEqual({ detail: HTTP_MESSAGES.UNSUPPORTED_MEDIA_TYPE });

    const big = await post(JSON.stringify({ token: 'x'.repeat(1_100_000) }), 'application/json');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: HTTP_MESSAGES.BODY_TOO_LARGE });

    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ERRORS.NOT_FOUND });

    const badJson = await post('{"token": ', 'application/json');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ detail: HTTP_MESSAGES.BAD_JSON });

    const poisoned = await post('{"__proto__": {"x": 1}}', 'application/json');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ detail: HTTP_MESSAGES.BAD_JSON });
  });

  it('reads an empty JSON body as no body: the route says what is required', async () => {
    const res = await post('', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Required field');
  });
});

describe('POST /auth/logout/', () => {
  it('logs out with no body, an empty JSON body, or {}', async () => {
    const cases = [
      {},
      { headers: { 'content-type': 'application/json' } },
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { payload: {} },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', ...c });
      expect(res.statusCode, `${JSON.stringify(c)}: ${res.body}`).toBe(200);
    }
  });
});

describe('while the server closes', () => {
  it('turns a new request on a kept-alive connection away with 503 {detail}', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = own.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // The first request is in flight (its body not sent yet) when the close begins, so the
    // connection is busy, not idle, and stays open.
    socket.write(
      'POST /api/v1/auth/logout/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\n\r\n',
    );
    await new Promise((r) => setTimeout(r, 100));
    const closed = own.app.close();
    await new Promise((r) => setTimeout(r, 100));
    // Its body, then a second request on the same connection.
    socket.write('{}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    await own.close();
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    expect(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ detail: ERRORS.SHUTTING_DOWN }),
    );
  });
});
