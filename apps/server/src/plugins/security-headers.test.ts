import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { API_SECURITY_HEADER_OPTIONS, SECURITY_HEADER_OPTIONS } from './security-headers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let expected: Record<string, string>;
let expectedApi: Record<string, string>;

/** What helmet itself writes on a real response with the given options. */
async function helmetOnARealResponse(
  options = SECURITY_HEADER_OPTIONS,
): Promise<Record<string, string>> {
  const server = http.createServer((req, res) => {
    helmet(options)(req, res, () => res.end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  server.close();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length'].includes(name)) {
      headers[name] = value;
    }
  });
  return headers;
}

beforeAll(async () => {
  t = await createTestApp();
  expected = await helmetOnARealResponse();
  expectedApi = {
    ...(await helmetOnARealResponse(API_SECURITY_HEADER_OPTIONS)),
    'cache-control': 'no-store',
  };
});
afterAll(() => t.close());

it("helmet's headers with the app's policy are the ones helmet writes itself", () => {
  expect(expected['content-security-policy']).toContain("img-src 'self' data: blob: https:");
  expect(expected['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(expected['x-content-type-options']).toBe('nosniff');
  expect(expected['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(Object.keys(expected).length).toBeGreaterThan(8);
});

it('the API set forbids loading, framing and caching its answers', () => {
  expect(expectedApi['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(expectedApi['x-frame-options']).toBe('DENY');
  expect(expectedApi['x-content-type-options']).toBe('nosniff');
  expect(expectedApi['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(expectedApi['cache-control']).toBe('no-store');
});

it.each([
  ['a public route', '/api/health', 200],
  ['a route refused without a token', '/api/v1/orders/blood/', 401],
  ['an unknown API path', '/api/v1/no-such-thing/', 404],
])('%s answers with every API security header', async (_name, url, status) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(status);
  for (const [name, value] of Object.entries(expectedApi)) {
    expect(res.headers[name], name).toBe(value);
  }
  expect(res.headers['x-powered-by']).toBeUndefined();
});

it.each([
  ['the API documentation page', '/api/docs/static/index.html'],
  ['a path outside the API', '/no-such-page'],
])('%s answers with every page security header', async (_name, url) => {
  const res = await t.app.inject({ url });
  for (const [name, value] of Object.entries(expected)) {
    expect(res.headers[name], name).toBe(value);
  }
  expect(res.headers['cache-control']).not.toBe('no-store');
  expect(res.headers['x-powered-by']).toBeUndefined();
});
