import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * The rider app (ADR 0063) under /rider: its page on every path, the service worker and the
 * manifest revalidated on every open, hashed assets cached for a year.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-rider-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>staff console</title>');
  const rider = path.join(dist, 'rider');
  fs.mkdirSync(path.join(rider, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rider, 'index.html'), '<!doctype html><title>Dastak Rider</title>');
  fs.writeFileSync(path.join(rider, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(rider, 'manifest.webmanifest'), '{"name":"Dastak Rider"}');
  fs.writeFileSync(path.join(rider, 'assets', 'rider-abc123.js'), 'console.log(1)');
  t = await createTestApp({ CONSOLE_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the rider app under /rider', () => {
  it.each(['/rider/', '/rider/index.html', '/rider/tasks/12', '/rider/anything?x=1'])(
    '%s answers the rider page, revalidated every time',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Dastak Rider');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('the bare /rider goes to /rider/, inside the service worker scope', async () => {
    const res = await get('/rider');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/rider/');
  });

  it('the service worker and the manifest are never served stale', async () => {
    const sw = await get('/rider/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/rider/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets are cached for a year', async () => {
    const res = await get('/rider/assets/rider-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a write under /rider is not found, and the staff console is untouched', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rider/tasks' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect((await get('/app/login')).body).toContain('staff console');
  });
});
