import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_PAGE_ROOTS } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * The server hands each path under /app the right entry of a built console: the customer pages
 * (spec §2.1 public routes) their own small customer.html, everything else the staff console.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-console-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>staff console</title>');
  fs.writeFileSync(
    path.join(dist, 'customer.html'),
    '<!doctype html><title>customer pages</title>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'customer-abc123.js'), 'console.log(1)');
  t = await createTestApp({ CONSOLE_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('console pages under /app', () => {
  it.each([
    '/app/order-review/5f0c8a52-1111-4b7b-9d55-1c2a3b4c5d6e',
    '/app/order-review-success',
    '/app/physical-visit-review/Zm9vYmFyYmF6',
    '/app/cro-feedback/abc?utm=sms',
    '/app/rider-live-location/abc/',
    '/app/rider-live-location-link-expired',
  ])('%s answers the customer entry, revalidated every time', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('customer pages');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('every public page root gets the customer entry', async () => {
    for (const root of PUBLIC_PAGE_ROOTS) {
      expect((await get(`/app/${root}`)).body, root).toContain('customer pages');
    }
  });

  it.each([
    '/app/login',
    '/app/blood/orders/12',
    '/app/no/such/page',
    // Only the whole first segment counts: a staff path that merely starts alike is not public.
    '/app/order-reviews',
    '/app/blood/order-review/abc',
  ])('%s answers the staff console', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('staff console');
    expect(res.body).not.toContain('customer pages');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets are cached for a year', async () => {
    const res = await get('/app/assets/customer-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a write to a page path is not found, not a page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app/order-review/abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('the page policy lets the customer page load its tiles (https images) and its font (self)', async () => {
    const csp = String((await get('/app/order-review/abc')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toMatch(/font-src [^;]*'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
  });
});

describe('a build without customer.html (an older build)', () => {
  it('still answers the public paths with the staff console', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-console-old-'));
    fs.writeFileSync(path.join(old, 'index.html'), '<!doctype html><title>staff console</title>');
    const app = await createTestApp({ CONSOLE_DIST: old });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/app/order-review/abc' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('staff console');
    } finally {
      await app.close();
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});
