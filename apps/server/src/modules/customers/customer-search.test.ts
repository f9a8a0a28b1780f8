import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../../db/schema/customers';
import { cities, regions } from '../../db/schema/locations';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let noPermissionToken: string;
let regionId: number;

const search = (text: string, auth: string | null = token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/entity/customer-search/?search=${encodeURIComponent(text)}`,
    headers: auth ? bearer(auth) : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
  token = (await login(t.app, u.email, u.password)).token;
  const plain = await createUser(t, []);
  noPermissionToken = (await login(t.app, plain.email, plain.password)).token;

  const [city] = await t.db
    .insert(cities)
    .values({
      name: 'Lahore',
      centerLatitude: 31.52,
      centerLongitude: 74.36,
      south: 31.27,
      west: 74.1,
      north: 31.72,
      east: 74.56,
      verticals: ['blood'],
    })
    .returning();
  const [region] = await t.db
    .insert(regions)
    .values({
      name: 'Gulberg',
      vertical: 'blood',
      cityId: city!.id,
      centerLatitude: 31.51,
      centerLongitude: 74.35,
      polygon: [],
    })
    .returning();
  regionId = region!.id;

  const rows = await t.db
    .insert(customers)
    .values([
      { phone: '03001234567', firstName: 'Ali', lastName: 'Khan', gender: 1 },
      { phone: '03219876543', firstName: 'Sana', lastName: 'Malik', gender: 2 },
      { phone: '03331112222', firstName: 'Bilal', lastName: 'Alikhan', gender: 1 },
    ])
    .returning();
  const ali = rows[0]!;
  await t.db.insert(patients).values([
    { customerId: ali.id, firstName: 'Ali', lastName: 'Khan', gender: 1, age: 40 },
    {
      customerId: ali.id,
      firstName: 'Zara',
      lastName: 'Khan',
      gender: 2,
      age: 7,
      ageUnit: 'MONTHS',
    },
    { customerId: ali.id, firstName: 'Gone', gender: 1, deletedAt: new Date() },
  ]);
  const [address] = await t.db
    .insert(customerAddresses)
    .values({
      customerId: ali.id,
      latitude: 31.512345,
      longitude: 74.351234,
      address: 'House 5, Main Boulevard, Gulberg',
      verified: true,
    })
    .returning();
  await t.db
    .insert(regionCustomerAddresses)
    .values({ customerAddressId: address!.id, regionId, customerId: ali.id });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /entity/customer-search/', () => {
  it('finds customers by a phone substring, with patients and addresses', async () => {
    const res = await search('0012345');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(1);
    const [ali] = body;
    expect(ali).toMatchObject({
      phone: '03001234567',
      firstName: 'Ali',
      lastName: 'Khan',
      email: null,
      gender: 1,
      hasFilledHearAboutUs: false,
    });
    expect(ali.patients.map((p: { firstName: string }) => p.firstName).sort()).toEqual([
      'Ali',
      'Zara',
    ]);
    expect(ali.patients.find((p: { firstName: string }) => p.firstName === 'Zara')).toMatchObject({
      lastName: 'Khan',
      gender: 2,
      age: 7,
      ageUnit: 'MONTHS',
    });
    expect(ali.addresses).toEqual([
      {
        id: expect.any(Number),
        address: 'House 5, Main Boulevard, Gulberg',
        latitude: 31.512345,
        longitude: 74.351234,
        verified: true,
        isValid: true,
        regionCustomerAddresses: [{ region: { id: regionId, name: 'Gulberg', vertical: 'blood' } }],
      },
    ]);
  });

  it('matches first, last and full name case-insensitively', async () => {
    const names = async (text: string) =>
      (await search(text))
        .json()
        .map((c: { firstName: string }) => c.firstName)
        .sort();
    expect(await names('sana')).toEqual(['Sana']);
    expect(await names('MALIK')).toEqual(['Sana']);
    expect(await names('ali khan')).toEqual(['Ali']);
    expect(await names('alikhan')).toEqual(['Bilal']);
    expect(await names('bil')).toEqual(['Bilal']);
    expect(await names('03')).toEqual(['Ali', 'Bilal', 'Sana']);
  });

  it('treats % and _ literally, and a backslash matches nothing', async () => {
    expect((await search('%')).json()).toEqual([]);
    expect((await search('0_0')).json()).toEqual([]);
    const res = await search('03\\');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs at least one character', async () => {
    expect((await search('')).statusCode).toBe(400);
    expect((await search('   ')).statusCode).toBe(400);
  });

  it('refuses anonymous callers and users without Can view customer', async () => {
    expect((await search('03', null)).statusCode).toBe(401);
    expect((await search('03', noPermissionToken)).statusCode).toBe(403);
  });

  it('answers recent bookers first, whether the text is common or only matches old customers', async () => {
    // 1,200 customers booked an hour apart (more than the recent walk covers): 30 recent
    // 'Commonname' bookers, and 3 'Rarename' customers who booked longest ago.
    const hour = 3_600_000;
    const base = Date.now() - 2000 * hour;
    await t.db.insert(customers).values(
      Array.from({ length: 1200 }, (_, i) => ({
        phone: `0321${String(i).padStart(7, '0')}`,
        firstName: i >= 1170 ? 'Commonname' : i < 3 ? 'Rarename' : 'Filler',
        lastName: `Walk${i}`,
        gender: 1,
        lastOrderAt: new Date(base + i * hour),
      })),
    );
    const hits = async (text: string) =>
      (await search(text)).json().map((c: { lastName: string }) => c.lastName);
    const common = await hits('commonname');
    expect(common).toHaveLength(20);
    expect(common).toEqual(Array.from({ length: 20 }, (_, k) => `Walk${1199 - k}`));
    expect(await hits('rarename')).toEqual(['Walk2', 'Walk1', 'Walk0']);
    // The number of one old customer, and a prefix all 1,200 share.
    expect(await hits('03210000001')).toEqual(['Walk1']);
    expect(await hits('0321')).toEqual(Array.from({ length: 20 }, (_, k) => `Walk${1199 - k}`));
  });
});
