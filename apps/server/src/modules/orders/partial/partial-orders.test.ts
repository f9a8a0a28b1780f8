import { ERRORS, ORDER_MESSAGES, PARTIAL_ORDER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partialOrders } from '../../../db/schema/orders';
import {
  api,
  createBody,
  createFixtures,
  type Fixtures,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';

let f: Fixtures;
let channel: Record<string, string>;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  channel = await tokenWith(f.t, [PERMISSIONS.CAN_ADD_PARTIAL_ORDER]);
});
afterAll(() => f.t.close());

const HOUR = 60 * 60_000;
let seq = 0;

/** A partial order straight into the table, `hours` from now. */
async function seed(
  hours: number,
  values: Partial<typeof partialOrders.$inferInsert> = {},
): Promise<number> {
  const pickup = new Date(Date.now() + hours * HOUR);
  const [row] = await f.t.db
    .insert(partialOrders)
    .values({
      cityId: f.cityId,
      name: `Caller ${++seq}`,
      phone: `0300${String(1_000_000 + seq)}`,
      address: `House ${seq}, Gulberg`,
      date: karachiDateString(pickup),
      timeSlot: '10:00 - 11:00',
      pickup,
      ...values,
    })
    .returning({ id: partialOrders.id });
  return row!.id;
}

const list = async (query = '') => {
  const res = await api(f).get(`/orders/partial-order/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: { id: number }[] };
};
const ids = async (query = '') => (await list(query)).results.map((r) => r.id);
const stateOf = async (id: number) =>
  (await f.t.db.select().from(partialOrders).where(eq(partialOrders.id, id)))[0]!.state;

describe('GET /orders/partial-order/', () => {
  it('lists open partial orders, newest first, with the fields of spec §3 and a count', async () => {
    const a = await seed(5);
    const b = await seed(2, { name: 'Zainab Malik', phone: '03219876543' });
    const cancelled = await seed(3, { state: 'CANCELLED' });
    const converted = await seed(4, { state: 'CONVERTED' });
    const body = await list();
    const got = body.results.map((r) => r.id);
    expect(got).toEqual(expect.arrayContaining([a, b]));
    expect(got).not.toContain(cancelled);
    expect(got).not.toContain(converted);
    expect(got.indexOf(b)).toBeLessThan(got.indexOf(a));
    expect(body.count).toBe(got.length);
    const row = body.results.find((r) => r.id === b);
    expect(row).toMatchObject({
      id: b,
      city: { id: f.cityId, name: expect.stringMatching(/^Lahore/) },
      name: 'Zainab Malik',
      phone: '03219876543',
      state: 'NEW',
      timeSlot: '10:00 - 11:00',
      tests: [],
      source: 'website',
    });
    expect((row as unknown as { pickup: string }).pickup).toMatch(/\+05:00$/);
    expect(await ids('?states=CANCELLED')).toContain(cancelled);
  });

  it("searches 'Order ID' by id, and by name or phone without case", async () => {
    const target = await seed(6, { name: 'Hamza Qureshi', phone: '03334445556' });
    const other = await seed(6, { name: 'Sana Tariq' });
    expect(await ids(`?search=${target}`)).toContain(target);
    expect(await ids(`?search=${target}`)).not.toContain(other);
    expect(await ids('?search=hamza%20QUR')).toEqual([target]);
    expect(await ids('?search=4445556')).toEqual([target]);
    expect(await ids('?search=%5C')).toEqual([]);
    expect(await ids('?search=nobody-by-this-name')).toEqual([]);
  });

  it('filters by the pickup window and sorts by collection time both ways', async () => {
    const early = await seed(30);
    const late = await seed(31);
    const from = encodeURIComponent(new Date(Date.now() + 29 * HOUR).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 32 * HOUR).toISOString());
    const window = `?pickup_from=${from}&pickup_to=${to}`;
    expect(await ids(`${window}&ordering=pickup`)).toEqual([early, late]);
    expect(await ids(`${window}&ordering=-pickup`)).toEqual([late, early]);
    const crossed = await api(f).get(`/orders/partial-order/?pickup_from=${to}&pickup_to=${from}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({
      pickupFrom: [VALIDATION.PICKUP_FROM_AFTER_TO],
      pickupTo: [VALIDATION.PICKUP_TO_BEFORE_FROM],
    });
  });

  it('pages with a next link', async () => {
    for (let i = 0; i < 3; i++) await seed(40 + i);
    const first = await list('?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toMatch(/page=2/);
    const second = await list('?page_size=2&page=2');
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0]!.id);
  });

  it('needs Can view order', async () => {
    expect((await api(f).get('/orders/partial-order/', {})).statusCode).toBe(401);
    const noView = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    expect((await api(f).get('/orders/partial-order/', noView)).statusCode).toBe(403);
  });
});

describe('GET /orders/partial-order/{id}', () => {
  it('answers one, with or without the trailing slash', async () => {
    const id = await seed(8, { email: 'caller@example.com', tests: ['CBC'] });
    for (const url of [`/orders/partial-order/${id}`, `/orders/partial-order/${id}/`]) {
      const res = await api(f).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ id, email: 'caller@example.com', tests: ['CBC'] });
    }
  });

  it("answers 'Not found.' for an unknown or malformed id", async () => {
    for (const url of ['/orders/partial-order/999999/', '/orders/partial-order/abc/']) {
      const res = await api(f).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe(ERRORS.NOT_FOUND);
    }
  });
});

describe('PATCH /orders/partial-order/{id}/', () => {
  it('cancels an open one, which then leaves the list; a second cancel is a 409', async () => {
    const id = await seed(9);
    const res = await api(f).patch(`/orders/partial-order/${id}/`, { state: 'CANCELLED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, state: 'CANCELLED' });
    expect(await stateOf(id)).toBe('CANCELLED');
    expect(await ids()).not.toContain(id);
    const again = await api(f).patch(`/orders/partial-order/${id}/`, { state: 'CANCELLED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(ORDER_MESSAGES.PARTIAL_ORDER_GONE);
  });

  it('refuses other states, unknown ids and users without Can change order', async () => {
    const id = await seed(10);
    const other = await api(f).patch(`/orders/partial-order/${id}/`, { state: 'CONVERTED' });
    expect(other.statusCode).toBe(400);
    const missing = await api(f).patch('/orders/partial-order/999999/', { state: 'CANCELLED' });
    expect(missing.statusCode).toBe(404);
    const viewOnly = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const denied = await api(f).patch(
      `/orders/partial-order/${id}/`,
      { state: 'CANCELLED' },
      viewOnly,
    );
    expect(denied.statusCode).toBe(403);
    expect(await stateOf(id)).toBe('NEW');
  });
});

describe('POST /orders/partial-order/ (a channel)', () => {
  const tomorrow = () => karachiDateString(new Date(Date.now() + 24 * HOUR));
  const body = () => ({
    city: f.cityId,
    name: 'Web Caller',
    phone: '03451234567',
    address: '22 Canal View, Lahore',
    date: tomorrow(),
    time_slot: '02:30 PM - 03:00 PM',
    tests: ['Complete Blood Count'],
    source: 'whatsapp',
  });

  it('leaves a NEW partial order whose pickup is the slot start in Karachi time', async () => {
    const res = await api(f).post('/orders/partial-order/', body(), channel);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      state: 'NEW',
      name: 'Web Caller',
      timeSlot: '02:30 PM - 03:00 PM',
      source: 'whatsapp',
      city: { id: f.cityId },
    });
    expect(created.pickup).toBe(`${tomorrow()}T14:30:00+05:00`);
    expect(await ids()).toContain(created.id);
  });

  it('returns the first answer for a repeated Idempotency-Key', async () => {
    const headers = { ...channel, 'idempotency-key': 'web-form-42' };
    const first = await api(f).post('/orders/partial-order/', body(), headers);
    const second = await api(f).post('/orders/partial-order/', body(), headers);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const changed = await api(f).post(
      '/orders/partial-order/',
      { ...body(), name: 'Someone Else' },
      headers,
    );
    expect(changed.statusCode).toBe(409);
  });

  it('validates with messages', async () => {
    const cases: [object, string][] = [
      [{ time_slot: 'morning' }, PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID],
      [{ time_slot: '13:00 PM' }, PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID],
      [{ date: '2020-01-01' }, PARTIAL_ORDER_MESSAGES.PICKUP_IN_PAST],
      [{ phone: '0345' }, VALIDATION.CUSTOMER_PHONE_LENGTH],
      [{ name: '' }, VALIDATION.REQUIRED],
      [{ city: 999999 }, PARTIAL_ORDER_MESSAGES.CITY_INVALID],
    ];
    for (const [patch, message] of cases) {
      const res = await api(f).post('/orders/partial-order/', { ...body(), ...patch }, channel);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().detail, JSON.stringify(patch)).toBe(message);
    }
  });

  it('needs Can add partial order: a console user without it is refused', async () => {
    const res = await api(f).post('/orders/partial-order/', body());
    expect(res.statusCode).toBe(403);
  });
});

describe('converting a partial order (POST /orders/{vertical}/ with partialOrderId)', () => {
  it('marks it CONVERTED in the same booking; it leaves the list and cannot be cancelled', async () => {
    const id = await seed(12);
    const res = await api(f).post('/orders/blood/', { ...createBody(f), partial_order_id: id });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stateOf(id)).toBe('CONVERTED');
    const [order] = await f.t.db.select().from(orders).where(eq(orders.id, res.json().id));
    expect(order!.partialOrderId).toBe(id);
    expect(await ids()).not.toContain(id);
    const cancel = await api(f).patch(`/orders/partial-order/${id}/`, { state: 'CANCELLED' });
    expect(cancel.statusCode).toBe(409);
  });

  it('refuses a cancelled one and books nothing', async () => {
    const id = await seed(13, { state: 'CANCELLED' });
    const before = (await f.t.db.select({ id: orders.id }).from(orders)).length;
    const res = await api(f).post('/orders/blood/', { ...createBody(f), partial_order_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(ORDER_MESSAGES.PARTIAL_ORDER_GONE);
    expect((await f.t.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await stateOf(id)).toBe('CANCELLED');
  });
});
