import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReference } from '../../demo/reference';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

/**
 * `?vertical=` reads alike on every list that takes it (docs/decisions/0019): blood or xray
 * narrows, 'common' (the shared scope, not a vertical) narrows nothing, anything else is a 400.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await insertReference(t.db, new Date());
  const u = await createUser(t, ALL_PERMISSIONS);
  auth = bearer((await login(t.app, u.email, u.password)).token);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
const sep = (url: string) => (url.includes('?') ? '&' : '?');

const LISTS = [
  '/entity/hear_about_us/',
  '/orders/problem-strings/',
  '/orders/cancellation-strings/',
  '/orders/reassignment-strings/',
  '/orders/reschedule-strings/',
  '/orders/address-types/',
  '/entity/order-sources/',
  '/location/cities/?page_size=100',
  '/location/regions/?page_size=100',
  '/location/collection-centers/?page_size=100',
  '/orders/scan-types/?search=a',
];

describe('?vertical=', () => {
  it("takes 'common' on every list as no narrowing", async () => {
    for (const url of LISTS) {
      const all = await get(url);
      const common = await get(`${url}${sep(url)}vertical=common`);
      expect(common.statusCode, `${url} ${common.body}`).toBe(200);
      expect(common.json(), url).toEqual(all.json());
    }
  });

  it('narrows with blood and refuses an unknown vertical on every list', async () => {
    for (const url of LISTS) {
      const blood = await get(`${url}${sep(url)}vertical=blood`);
      expect(blood.statusCode, url).toBe(200);
      const bad = await get(`${url}${sep(url)}vertical=dental`);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().errors.vertical, url).toBeDefined();
    }
    const rows = (url: string) => get(url).then((r) => r.json().results as { vertical: string }[]);
    const regions = await rows('/location/regions/?page_size=100&vertical=xray');
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.every((r) => r.vertical === 'xray')).toBe(true);
  });
});

describe('the problem strings', () => {
  it('name each problem once, with or without a vertical', async () => {
    for (const q of ['', '?vertical=common', '?vertical=blood', '?vertical=xray']) {
      const texts = ((await get(`/orders/problem-strings/${q}`)).json() as { text: string }[]).map(
        (p) => p.text,
      );
      expect(texts.length, q).toBeGreaterThan(2);
      expect(texts, q).toEqual([...new Set(texts)]);
      expect(
        texts.filter((x) => x === 'Patient not available at home'),
        q,
      ).toHaveLength(1);
    }
  });
});
