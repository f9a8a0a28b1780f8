import { CUSTOMER_MESSAGES, FORM_VALIDATION, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, customers, regionCustomerAddresses } from '../../db/schema/customers';
import {
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { ageFromDob, yearsSince } from './customers.service';

let f: Fixtures;
let view: Record<string, string>;
let change: Record<string, string>;
let none: Record<string, string>;

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string> | null,
  payload?: object,
) => f.t.app.inject({ method, url: `/api/v1${url}`, headers: headers ?? {}, payload });

const list = (query: string, headers = view) =>
  inject('GET', `/entity/customers/?${query}`, headers);
const names = (res: { json: () => { results: { firstName: string }[] } }) =>
  res.json().results.map((r) => r.firstName);

const newCustomer = {
  phone: '03451234567',
  firstName: 'Hina',
  lastName: 'Rauf',
  email: 'hina@example.com',
  gender: 2,
  dob: '1990-05-20',
};

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  view = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
  change = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER, PERMISSIONS.CAN_CHANGE_CUSTOMER]);
  none = await tokenWith(f.t, []);
  // A customer whose only address in DHA is deleted: the regions filter must not find them.
  const [gone] = await f.t.db
    .insert(customers)
    .values({ phone: '03110000000', firstName: 'Deleted', lastName: 'Pin' })
    .returning();
  const [address] = await f.t.db
    .insert(customerAddresses)
    .values({
      customerId: gone!.id,
      latitude: 31.52,
      longitude: 74.35,
      address: 'old pin',
      deletedAt: new Date(),
    })
    .returning();
  await f.t.db.insert(regionCustomerAddresses).values({
    customerAddressId: address!.id,
    regionId: f.otherBloodRegion,
    customerId: gone!.id,
  });
  await placeOrder(f);
  await placeOrder(f, 'xray');
});
afterAll(() => f.t.close());

describe('GET /entity/customers/', () => {
  it('pages customers newest first with order counts and the last order', async () => {
    const res = await list('page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.countIsCapped).toBe(false);
    expect(names(res)).toEqual(['Deleted', 'Bilal', 'Ayesha']);
    const ayesha = body.results[2];
    expect(ayesha).toMatchObject({ phone: '03001234567', lastName: 'Khan', numberOfOrders: 2 });
    expect(ayesha.lastOrder).toEqual({ id: expect.any(Number), created: expect.any(String) });
    expect(body.results[0].lastOrder).toBeNull();
  });

  it('searches first, last and full name and phone, case-insensitively', async () => {
    expect(names(await list('search=ayesha'))).toEqual(['Ayesha']);
    expect(names(await list('search=AHMED'))).toEqual(['Bilal']);
    expect(names(await list('search=a%20kh'))).toEqual(['Ayesha']);
    expect(names(await list('search=0076543'))).toEqual(['Bilal']);
    expect(names(await list('search=0300'))).toEqual(['Bilal', 'Ayesha']);
    expect((await list('search=%25')).json().count).toBe(0);
  });

  it('a backslash matches nothing', async () => {
    const res = await list(`search=${encodeURIComponent('a\\')}`);
    expect(res.json()).toMatchObject({ count: 0, results: [] });
  });

  it('filters by regions of live addresses', async () => {
    expect(names(await list(`regions=${f.bloodRegion}`))).toEqual(['Ayesha']);
    expect(names(await list(`regions=${f.otherBloodRegion}`))).toEqual([]);
    expect(names(await list(`regions=${f.otherBloodRegion},${f.xrayRegion}`))).toEqual(['Ayesha']);
  });

  it('orders by number of orders and pages with next links', async () => {
    expect(names(await list('ordering=-numberOfOrders'))[0]).toBe('Ayesha');
    const first = (await list('page=1&page_size=2')).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const second = (await list('page=2&page_size=2')).json();
    expect(second.results.map((r: { firstName: string }) => r.firstName)).toEqual(['Ayesha']);
    expect(second.next).toBeNull();
  });

  it('needs a token and Can view customer', async () => {
    expect((await list('', null as never)).statusCode).toBe(401);
    expect((await list('', none)).statusCode).toBe(403);
  });
});

describe('GET /entity/customer/{id}/', () => {
  it('answers the full customer with addresses, regions, patients and order history', async () => {
    const res = await inject('GET', `/entity/customer/${f.customerId}/`, view);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      id: f.customerId,
      phone: '03001234567',
      age: null,
      numberOfOrders: 2,
      hasFilledHearAboutUs: false,
      createdPatientDetail: null,
    });
    expect(c.addresses).toHaveLength(2);
    expect(
      c.addresses[0].regionCustomerAddresses.map(
        (r: { region: { name: string } }) => r.region.name,
      ),
    ).toEqual(['Gulberg', 'Gulberg X-Ray']);
    expect(c.patients).toHaveLength(1);
    expect(c.orderHistory).toHaveLength(2);
    expect(c.lastOrder.id).toBe(c.orderHistory[0].id);
    const blood = (
      await inject('GET', `/entity/customer/${f.customerId}/?vertical=blood`, view)
    ).json();
    expect(blood.orderHistory).toHaveLength(1);
  });

  it('answers 404 for an unknown customer and 403 without permission', async () => {
    expect((await inject('GET', '/entity/customer/999999/', view)).statusCode).toBe(404);
    expect((await inject('GET', `/entity/customer/${f.customerId}/`, none)).statusCode).toBe(403);
  });
});

describe('POST /entity/customers/', () => {
  it('creates the customer and their own patient', async () => {
    const res = await inject('POST', '/entity/customers/', change, newCustomer);
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      phone: '03451234567',
      firstName: 'Hina',
      email: 'hina@example.com',
      gender: 2,
      dob: '1990-05-20',
      age: yearsSince('1990-05-20'),
      numberOfOrders: 0,
      lastOrder: null,
      addresses: [],
      orderHistory: [],
    });
    expect(c.createdPatientDetail).toMatchObject({
      firstName: 'Hina',
      lastName: 'Rauf',
      gender: 2,
      age: yearsSince('1990-05-20'),
      ageUnit: 'YEARS',
      customer: c.id,
    });
    expect(c.patients).toEqual([c.createdPatientDetail]);
  });

  it('refuses a duplicate phone with a clear 400', async () => {
    const res = await inject('POST', '/entity/customers/', change, {
      ...newCustomer,
      firstName: 'Other',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: CUSTOMER_MESSAGES.PHONE_TAKEN,
      errors: { phone: [CUSTOMER_MESSAGES.PHONE_TAKEN] },
    });
  });

  it('validates with the spec messages', async () => {
    const bad = async (body: object) => {
      const res = await inject('POST', '/entity/customers/', change, { ...newCustomer, ...body });
      expect(res.statusCode).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await bad({ phone: '0300123' })).phone).toEqual([VALIDATION.CUSTOMER_PHONE_LENGTH]);
    expect((await bad({ phone: '030012345678' })).phone).toEqual([
      VALIDATION.CUSTOMER_PHONE_LENGTH,
    ]);
    expect((await bad({ phone: '0300abcdefg' })).phone).toEqual([VALIDATION.PHONE_INVALID]);
    expect((await bad({ firstName: 'x'.repeat(41) })).firstName).toEqual([
      VALIDATION.FIRST_NAME_MAX,
    ]);
    expect((await bad({ lastName: 'x'.repeat(41) })).lastName).toEqual([VALIDATION.LAST_NAME_MAX]);
    expect((await bad({ email: 'not-mail' })).email).toEqual([VALIDATION.EMAIL_INVALID]);
    expect((await bad({ dob: '' })).dob).toEqual([VALIDATION.REQUIRED]);
    const tomorrow = karachiDateString(new Date(Date.now() + 36 * 3600_000));
    expect((await bad({ dob: tomorrow })).dob).toEqual([FORM_VALIDATION.DOB_FUTURE]);
  });

  it('takes an empty email and needs Can change customer', async () => {
    const ok = await inject('POST', '/entity/customers/', change, {
      ...newCustomer,
      phone: '03459999999',
      email: '',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().email).toBeNull();
    const res = await inject('POST', '/entity/customers/', view, {
      ...newCustomer,
      phone: '03458888888',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /entity/customer/{id}/', () => {
  it('updates the given fields and never the phone', async () => {
    const res = await inject('PATCH', `/entity/customer/${f.customerId}/`, change, {
      lastName: 'Siddiqui',
      dob: '2000-01-01',
      phone: '03009999999',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone: '03001234567',
      firstName: 'Ayesha',
      lastName: 'Siddiqui',
      dob: '2000-01-01',
      age: yearsSince('2000-01-01'),
    });
  });

  it('validates, 404s and checks the permission', async () => {
    const bad = await inject('PATCH', `/entity/customer/${f.customerId}/`, change, {
      firstName: '',
    });
    expect(bad.json().errors.firstName).toEqual([VALIDATION.REQUIRED]);
    expect((await inject('PATCH', '/entity/customer/999999/', change, {})).statusCode).toBe(404);
    expect(
      (await inject('PATCH', `/entity/customer/${f.customerId}/`, view, { firstName: 'X' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /orders/history/customer/', () => {
  it("pages the customer's orders newest first", async () => {
    const res = await inject('GET', `/orders/history/customer/?customer=${f.customerId}`, view);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      number: expect.any(String),
      state: expect.any(String),
      pickup: expect.any(String),
      address: expect.any(String),
      created: expect.any(String),
    });
    expect(
      (await inject('GET', '/orders/history/customer/?customer=999999', view)).statusCode,
    ).toBe(404);
    expect(
      (await inject('GET', `/orders/history/customer/?customer=${f.customerId}`, none)).statusCode,
    ).toBe(403);
  });
});

describe('the capped count', () => {
  it('counts at most 1000 matches while paging goes on', async () => {
    await f.t.db.execute(sql`insert into customers (phone, first_name, last_name)
      select '0399' || lpad(g::text, 7, '0'), 'Bulk', 'Row ' || g from generate_series(1, 1001) g`);
    const first = (await list('search=bulk&page_size=20')).json();
    expect(first).toMatchObject({ count: 1000, countIsCapped: true });
    expect(first.next).toContain('page=2');
    const last = (await list('search=bulk&page_size=20&page=51')).json();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expect((await list('search=bulk%20row%201000')).json()).toMatchObject({
      count: 1,
      countIsCapped: false,
    });
  });
});

describe('ages from a date of birth', () => {
  it('counts whole years, then months, then days', () => {
    expect(yearsSince('2000-03-10', '2025-03-09')).toBe(24);
    expect(yearsSince('2000-03-10', '2025-03-10')).toBe(25);
    expect(ageFromDob('2025-01-15', '2025-03-10')).toEqual({ age: 1, ageUnit: 'MONTHS' });
    expect(ageFromDob('2025-03-01', '2025-03-10')).toEqual({ age: 9, ageUnit: 'DAYS' });
  });
});
