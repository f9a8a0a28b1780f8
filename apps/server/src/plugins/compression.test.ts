import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login } from '../test/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

/**
 * Bytes on the wire (issue 31, ADR 0065): built files go out as the .br or .gz the build made,
 * API answers above a kilobyte are compressed on the way, and nothing is for a client that
 * did not ask.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;
let admin: Record<string, string>;
const script = `export const pages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `page ${i}`))};`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-compress-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  const asset = path.join(dist, 'assets', 'customer-abc123.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({ CONSOLE_DIST: dist });
  const u = await createUser(t, ALL_PERMISSIONS);
  admin = bearer((await login(t.app, u.email, u.password)).token);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('built files', () => {
  it('are sent as the build compressed them, by what the browser accepts, cached for a year', async () => {
    const url = '/app/assets/customer-abc123.js';
    const asBr = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(asBr.headers.vary).toMatch(/accept-encoding/i);
    expect(asBr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asBr.rawPayload).toString()).toBe(script);
    // A third of the bytes, or better.
    expect(asBr.rawPayload.length).toBeLessThan(script.length / 3);

    const asGzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('API answers', () => {
  it('above the threshold are compressed for a client that accepts it; small ones are not', async () => {
    const big = await t.app.inject({
      url: '/api/docs/json',
      headers: { ...admin, 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(json.openapi).toMatch(/^3\./);

    const small = await t.app.inject({
      url: '/api/health/live',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const unasked = await t.app.inject({ url: '/api/docs/json', headers: admin });
    expect(unasked.headers['content-encoding']).toBeUndefined();
  });
});
