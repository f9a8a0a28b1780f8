import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../test/route-walk';
import { createAdminTestApp, type createTestApp } from '../test/test-app';

/**
 * A wrong method on an existing path: 405 with Allow, `{detail}` (ADR 0050), walked
 * over the whole route table, so a route added later is covered without a change here.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
});
afterAll(() => t.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Each path of the API's route table with the methods its routes take there. */
function pathsOfTable() {
  const byUrl = new Map<string, Set<string>>();
  for (const r of t.app.routeTable) {
    if (!r.url.startsWith('/api/')) continue;
    const methods = byUrl.get(r.url) ?? new Set<string>();
    methods.add(r.method);
    byUrl.set(r.url, methods);
  }
  return [...byUrl];
}

describe('a wrong method on an existing path', () => {
  it('answers 405 {detail} with Allow naming the methods, on every path of the route table', async () => {
    const paths = pathsOfTable();
    expect(paths.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let checked = 0;
    for (const [url, methods] of paths) {
      const path = fillPath(url, '1');
      // Another route may take this method on this very URL (a static segment where a parameter
      // would be): that is its URL, not a wrong method. Every other method must be refused.
      const taken = new Set(t.app.allowedMethods(path));
      for (const method of METHODS.filter((m) => !methods.has(m) && !taken.has(m))) {
        checked++;
        const res = await t.app.inject({ method, url: path, headers: admin });
        const allow = String(res.headers.allow ?? '').split(', ');
        const ok =
          res.statusCode === 405 &&
          res.json().detail === HTTP_MESSAGES.METHOD_NOT_ALLOWED &&
          [...methods].every((m) => allow.includes(m));
        if (!ok) failures.push(`${method} ${path} -> ${res.statusCode} allow=${allow} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('lists exactly the methods the path takes, HEAD with GET', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/entity/customers/',
      headers: admin,
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toEqual({ detail: HTTP_MESSAGES.METHOD_NOT_ALLOWED });
    // Without the trailing slash, as every path is taken.
    const bare = await t.app.inject({ method: 'PUT', url: '/api/v1/entity/customers?page=2' });
    expect(bare.statusCode).toBe(405);
    expect(bare.headers.allow).toBe('GET, HEAD, POST');
  });

  it('still answers 404 for a path no route has, whatever the method', async () => {
    for (const method of METHODS) {
      const res = await t.app.inject({ method, url: '/api/v1/no-such-thing/', headers: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: ERRORS.NOT_FOUND });
      expect(res.headers.allow).toBeUndefined();
    }
  });
});
