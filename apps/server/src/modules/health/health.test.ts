import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database reachable, without a token', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    status: 'ok',
    database: 'up',
    engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  });
});

it('serves the OpenAPI document and its UI at /api/docs', async () => {
  const ui = await t.app.inject({ url: '/api/docs/' });
  expect(ui.statusCode).toBe(200);
  const spec = await t.app.inject({ url: '/api/docs/json' });
  expect(spec.statusCode).toBe(200);
  const paths = Object.keys(spec.json().paths);
  expect(paths).toContain('/api/v1/auth/login/');
  expect(paths).toContain('/api/v1/location/regions/');
});

it('unknown API paths answer 404 Not found.', async () => {
  const res = await t.app.inject({ url: '/api/v1/nothing-here/' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ detail: 'Not found.' });
});

it('malformed JSON is a 400, not a 500', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().detail).toBeTruthy();
});
