import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, JSON_MAX_DEPTH, jsonDeeperThan } from '../lib/limits';
import { apiRoutes } from '../test/route-walk';
import { createAdminTestApp, type createTestApp } from '../test/test-app';
import { changedTables, checkAnswer, fingerprinter } from './fuzz-kit';

/**
 * The limits of ADR 0031 (lib/limits.ts) and the fuzzer's own checks: a body past
 * BODY_LIMIT_BYTES is a 413 `{detail}` whatever its type, a JSON body nested past JSON_MAX_DEPTH
 * a 400 (it was a 500: a stack overflow in the walks after parsing), and the checks fuzz.test.ts
 * relies on do catch a leak, a foreign sentence and a write.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
});
afterAll(() => t.close());

const post = (url: string, payload: string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...admin, 'content-type': contentType },
  });

describe('the body size limit', () => {
  it('is 1 MiB, set once in lib/limits.ts and used by the app', () => {
    expect(BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(t.app.initialConfig.bodyLimit).toBe(BODY_LIMIT_BYTES);
  });

  it('answers 413 {detail} to a JSON body one byte over, on a public and a private route', async () => {
    const filler = (n: number) => JSON.stringify({ notes: 'x'.repeat(n - 12) });
    expect(filler(BODY_LIMIT_BYTES + 1)).toHaveLength(BODY_LIMIT_BYTES + 1);
    for (const url of ['/api/v1/auth/password-reset/', '/api/v1/entity/customers/']) {
      const over = await post(url, filler(BODY_LIMIT_BYTES + 1), 'application/json');
      expect(over.statusCode, url).toBe(413);
      expect(over.json()).toEqual({ detail: HTTP_MESSAGES.BODY_TOO_LARGE });
      // At the limit the body is read, and the route answers about its fields.
      const at = await post(url, filler(BODY_LIMIT_BYTES), 'application/json');
      expect(at.statusCode, url).toBe(400);
      expect(at.json().detail).not.toBe(HTTP_MESSAGES.BODY_TOO_LARGE);
    }
  });

  it('answers 413 before the content type is judged (text, form, multipart, octet-stream)', async () => {
    // No route takes uploads (multipart) today; a large one is refused by size first anyway.
    const big = 'x'.repeat(BODY_LIMIT_BYTES + 1);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ]) {
      const res = await post('/api/v1/entity/customers/', big, type);
      expect([413, 415], type).toContain(res.statusCode);
      expect(Object.keys(res.json())).toEqual(['detail']);
    }
    expect(
      apiRoutes(t.app).filter((r) => JSON.stringify(r.schema?.consumes ?? '').includes('multi')),
    ).toEqual([]);
  });
});

describe('the JSON depth limit', () => {
  const nested = (depth: number) => `{"notes":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;

  it('answers 400 {detail} to a body nested past the limit, and 200k deep (a 500 before)', async () => {
    for (const body of [
      nested(JSON_MAX_DEPTH + 1),
      '['.repeat(200_000) + ']'.repeat(200_000),
      `${'{"a_b":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
    ]) {
      const res = await post('/api/v1/entity/customers/', body, 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: HTTP_MESSAGES.JSON_TOO_DEEP });
    }
  });

  it('reads a body at the limit, and brackets inside strings do not count', async () => {
    for (const body of [nested(JSON_MAX_DEPTH), JSON.stringify({ notes: '['.repeat(1000) })]) {
      const res = await post('/api/v1/entity/customers/', body, 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).not.toBe(HTTP_MESSAGES.JSON_TOO_DEEP);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('counts depth over arrays and objects, skipping strings and escapes', () => {
    expect(jsonDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(jsonDeeperThan('[1],[2],[3]', 1)).toBe(false);
  });
});

describe("a Google pin out of range (the fuzzer's 500)", () => {
  it('is a 400 on the field, and no address is stored', async () => {
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/customers/',
      headers: admin,
      payload: {
        phone: '03331239999',
        first_name: 'Sana',
        last_name: 'Iqbal',
        gender: 2,
        dob: '1990-04-01',
      },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const count = async () =>
      (
        (await t.db.execute(sql`select count(*)::int as n from customer_addresses`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/blood/customer-address/',
      headers: admin,
      payload: {
        latitude: 31.5,
        longitude: 74.3,
        customer: customer.json().id,
        address: '12 Main Boulevard',
        google_latitude: 2147483642,
        google_longitude: -1187789695,
        vertical: 'blood',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['googleLatitude', 'googleLongitude']);
    expect(await count()).toBe(before);
  });
});

describe("the fuzzer's checks", () => {
  it('catch a 5xx, a stack trace, SQL, a foreign sentence and a bad shape', () => {
    const json = 'application/json';
    const stack = JSON.stringify({ detail: new Error('boom').stack });
    expect(checkAnswer(500, '{"detail":"x"}', json)).toMatch(/answered 500/);
    expect(checkAnswer(400, stack, json)).toMatch(/stack frame/);
    expect(checkAnswer(200, '{"x":"relation \\"orders\\" does not exist"}', json)).toMatch(/pg/);
    expect(checkAnswer(200, '{"x":"select o.id from orders"}', json)).toMatch(/sql/);
    expect(checkAnswer(404, '{"detail":"Nope"}', json)).toMatch(/not core's/);
    expect(checkAnswer(400, '{"message":"x"}', json)).toMatch(/keys message/);
    expect(checkAnswer(404, 'Not Found', 'text/plain')).toMatch(/not JSON/);
    // Core's own sentences and data pass.
    expect(checkAnswer(404, JSON.stringify({ detail: ERRORS.NOT_FOUND }), json)).toBe('');
    expect(checkAnswer(400, '{"detail":"Please select order type"}', json)).toBe('');
    expect(checkAnswer(200, '[{"name":"ECG (12-lead) at Home"}]', json)).toBe('');
  });

  it('see an update in the fingerprint, and not a write rolled back', async () => {
    const fp = await fingerprinter(t.db);
    const a = await fp.full();
    const x1 = await fp.xid();
    // Nothing wrote: the next id is one more. On PostgreSQL txid_current() is the cluster's
    // counter, and the suite's other files write beside this one (a CI run saw +2): only later.
    const next = await fp.xid();
    if (process.env.TEST_DATABASE_URL) expect(next).toBeGreaterThan(x1);
    else expect(next).toBe(x1 + 1n);
    await t.db.execute(sql`update customers set first_name = 'Changed'`);
    const b = await fp.full();
    expect(changedTables(a, b).join()).toMatch(/public\.customers:/);
    expect(await fp.xid()).toBeGreaterThan(x1 + 2n);
    // A write rolled back uses a transaction id but changes nothing: a refusal may do that.
    const x2 = await fp.xid();
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update customers set first_name = 'Again'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await fp.xid()).toBeGreaterThan(x2 + 1n);
    expect(changedTables(b, await fp.full())).toEqual([]);
  });
});
