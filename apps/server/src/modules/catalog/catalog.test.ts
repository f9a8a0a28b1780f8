import { STABILITY_MESSAGES } from '@dastak/core/messages/sample-stability';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      stabilityHours: null,
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

describe('PATCH /orders/scan-types/{id}/ (stability window)', () => {
  let admin: Record<string, string>;
  let cbc: number;
  beforeAll(async () => {
    const u = await createUser(t, [PERMISSIONS.CAN_CHANGE_CATALOG]);
    admin = bearer((await login(t.app, u.email, u.password)).token);
    const [row] = await t.db.select().from(scanTypes).where(eq(scanTypes.code, 'CBC'));
    cbc = row!.id;
  });
  const patch = (id: number | string, payload: object, headers = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/scan-types/${id}/`,
      payload,
      headers,
    });

  it('sets the window, answers the test, and the search shows it; null goes back to the default', async () => {
    const [before] = (await search('search=CBC&vertical=blood')).json();
    expect(before).toMatchObject({ id: cbc, stabilityHours: null });
    const res = await patch(cbc, { stability_hours: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, stabilityHours: 4 });
    expect((await search('search=CBC&vertical=blood')).json()[0].stabilityHours).toBe(4);
    const reset = await patch(cbc, { stability_hours: null });
    expect(reset.json().stabilityHours).toBeNull();
    expect((await search('search=CBC&vertical=blood')).json()[0].stabilityHours).toBeNull();
  });

  it('refuses a window outside 1..168 whole hours with the message, and changes nothing', async () => {
    await patch(cbc, { stability_hours: 8 });
    for (const bad of [0, 169, 2.5, -1, '6', true]) {
      const res = await patch(cbc, { stability_hours: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: STABILITY_MESSAGES.HOURS_RANGE,
        errors: { stabilityHours: [STABILITY_MESSAGES.HOURS_RANGE] },
      });
    }
    expect((await patch(cbc, {})).statusCode).toBe(400);
    expect((await search('search=CBC&vertical=blood')).json()[0].stabilityHours).toBe(8);
    expect((await patch(cbc, { stability_hours: 1 })).statusCode).toBe(200);
    expect((await patch(cbc, { stability_hours: 168 })).json().stabilityHours).toBe(168);
  });

  it('answers Not found. for an unknown test', async () => {
    const res = await patch(2_000_000_000, { stability_hours: 6 });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Not found.');
  });

  it('is for the catalogue permission only (admins): a dispatcher gets 403, no token 401', async () => {
    const dispatcher = await createUser(t, ROLE_PERMISSIONS.dispatcher);
    const headers = bearer((await login(t.app, dispatcher.email, dispatcher.password)).token);
    expect((await patch(cbc, { stability_hours: 2 }, headers)).statusCode).toBe(403);
    expect((await patch(cbc, { stability_hours: 2 }, {})).statusCode).toBe(401);
    expect(ROLE_PERMISSIONS.admin).toContain(PERMISSIONS.CAN_CHANGE_CATALOG);
    expect((await search('search=CBC&vertical=blood')).json()[0].stabilityHours).not.toBe(2);
  });
});
