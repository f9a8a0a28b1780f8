import { afterAll, beforeAll, expect, it } from 'vitest';
import { scanTypes } from '../../db/schema/catalog';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t);
  token = (await login(t.app, u.email, u.password)).token;
  await t.db.insert(scanTypes).values([
    {
      code: 'CBC',
      name: 'Complete Blood Count',
      value: 900,
      vertical: 'blood',
      label: 'Haematology',
    },
    { code: 'LFT', name: 'Liver Function Test', value: 2200, vertical: 'blood' },
    { code: 'COV-PCR', name: 'COVID-19 PCR', value: 6500, vertical: 'blood', isCovid: true },
    { code: 'SEMEN', name: 'Semen Analysis', value: 1500, vertical: 'blood', isAllowed: false },
    { code: 'CXR-PA', name: 'Chest X-Ray PA View', value: 1800, vertical: 'xray' },
    { code: 'OLD', name: 'Old Blood Panel', value: 100, vertical: 'blood', isActive: false },
  ]);
});
afterAll(() => t.close());

const search = (qs: string) =>
  t.app.inject({ url: `/api/v1/orders/scan-types/?${qs}`, headers: bearer(token) });

it('finds tests of a vertical by name or code, case-insensitively, with their flags', async () => {
  const res = await search('search=blood&vertical=blood');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([
    {
      id: expect.any(Number),
      name: 'Complete Blood Count',
      code: 'CBC',
      value: 900,
      isCovid: false,
      isAllowed: true,
      label: 'Haematology',
      requiresFasting: false,
    },
  ]);
  expect((await search('search=pcr&vertical=blood')).json()[0]).toMatchObject({
    code: 'COV-PCR',
    isCovid: true,
  });
  expect((await search('search=semen&vertical=blood')).json()[0]).toMatchObject({
    isAllowed: false,
  });
  expect((await search('search=chest&vertical=blood')).json()).toEqual([]);
  expect((await search('search=chest&vertical=xray')).json()).toHaveLength(1);
});

it('a backslash matches nothing; % and _ are literal', async () => {
  expect((await search('search=%5C')).json()).toEqual([]);
  expect((await search('search=%25')).json()).toEqual([]);
  expect((await search('search=_')).json()).toEqual([]);
});

it('needs a token', async () => {
  expect((await t.app.inject({ url: '/api/v1/orders/scan-types/?search=cbc' })).statusCode).toBe(
    401,
  );
});
