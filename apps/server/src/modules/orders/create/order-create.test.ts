import type { Order } from '@dastak/core/entities/orders';
import { ERRORS, ORDER_MESSAGES, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { ORDER_CREATE_MESSAGES } from '@dastak/core/messages/order-create';
import { PERMISSIONS } from '@dastak/core/permissions';
import { orderTotal } from '@dastak/core/rules/order-total';
import { ORDER_TYPE_LABELS, ORDER_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerAddresses,
  customers,
  regionCustomerAddresses,
} from '../../../db/schema/customers';
import { orderScanTypes, orders, partialOrders } from '../../../db/schema/orders';
import {
  activitiesOf,
  api,
  createBody,
  createFixtures,
  type Fixtures,
  ORDER_STAFF_PERMISSIONS,
  orderRow,
  placeOrder,
  slotBefore,
  slotIn,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const countOrders = async () => (await f.t.db.select({ id: orders.id }).from(orders)).length;

/** The order as the detail page reads it. */
async function detailOf(vertical: 'blood' | 'xray', id: number): Promise<Order> {
  const res = await api(f).get(`/orders/${vertical}/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the detail block shows as the total: the priced value, else the computed one. */
const shownTotal = (o: Order) =>
  o.givenValue ??
  orderTotal(
    o.scanTypes.map((l) => l.scanType.value * l.count),
    o.discountPercent,
  );

describe('POST /orders/{vertical}/', () => {
  it('books a blood order: number, state, tests, value, activity and customer counters', async () => {
    const res = await api(f).post('/orders/blood/', {
      ...createBody(f),
      hear_about: f.lookups.hearAbout,
      additional_notes: 'Call before coming',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.number).toMatch(/^B-\d{6}\d{5}$/);
    expect(body).toMatchObject({ state: 'needsAssignment', assignedRider: null });
    expect(body.detail).toBe(SUCCESS.ORDER_CREATED(body.number));
    expect(body.pickup).toMatch(/\+05:00$/);

    const row = await orderRow(f, body.id);
    expect(row).toMatchObject({
      givenValue: 1300,
      isFasting: true,
      isCovid: false,
      isUnverified: false,
      additionalNotes: 'Call before coming',
      createdById: f.staffId,
      address: '12 Main Boulevard, Gulberg',
    });
    const lines = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, body.id));
    expect(lines.map((l) => l.value).sort()).toEqual([500, 800]);
    const [activity] = await activitiesOf(f, body.id);
    expect(activity).toMatchObject({ verb: 'created', actorId: f.staffId });
    expect(activity!.description).toMatch(/^Order created by Test User\d+$/);
    const [customer] = await f.t.db.select().from(customers).where(eq(customers.id, f.customerId));
    expect(customer).toMatchObject({
      numberOfOrders: 1,
      lastOrderId: body.id,
      hasFilledHearAboutUs: true,
      hearAboutId: f.lookups.hearAbout,
    });
  });

  it('numbers orders of a day in sequence and keeps a value above 0', async () => {
    const a = (await api(f).post('/orders/blood/', createBody(f))).json();
    const b = (await api(f).post('/orders/blood/', { ...createBody(f), value: 1000 })).json();
    expect(Number(b.number.slice(-5))).toBe(Number(a.number.slice(-5)) + 1);
    expect((await orderRow(f, b.id)).givenValue).toBe(1000);
  });

  it('starts in scheduled beyond the horizon and unverified on an unverified address', async () => {
    const later = await api(f).post('/orders/blood/', { ...createBody(f), ...slotIn(6 * 60) });
    expect(later.json().state).toBe('scheduled');
    const unverified = await api(f).post('/orders/blood/', {
      ...createBody(f),
      customer_address: f.unverifiedAddress,
    });
    expect(unverified.json().state).toBe('unverified');
    expect((await orderRow(f, unverified.json().id)).isUnverified).toBe(true);
  });

  it('books an X-ray order and converts the partial order it came from', async () => {
    const [partial] = await f.t.db
      .insert(partialOrders)
      .values({
        name: 'Ayesha',
        phone: '03001234567',
        date: '2030-01-01',
        timeSlot: '10:00 - 11:00',
        pickup: new Date(),
      })
      .returning();
    const res = await api(f).post('/orders/xray/', {
      ...createBody(f, 'xray'),
      partial_order_id: partial!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().number).toMatch(/^X-/);
    const [after] = await f.t.db
      .select()
      .from(partialOrders)
      .where(eq(partialOrders.id, partial!.id));
    expect(after!.state).toBe('CONVERTED');
    // A converted partial order cannot be booked twice.
    const again = await api(f).post('/orders/xray/', {
      ...createBody(f, 'xray'),
      partial_order_id: partial!.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(ORDER_MESSAGES.PARTIAL_ORDER_GONE);
  });

  it('refuses without Can add order', async () => {
    const res = await api(f).post(
      '/orders/blood/',
      createBody(f),
      await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ERRORS.PERMISSION_DENIED);
  });

  it.each([
    ['no patient', { patient: undefined }, VALIDATION.SELECT_PATIENT],
    ['no tests', { scan_type: [] }, VALIDATION.SELECT_TEST_TYPE],
    ['no order source', { order_source: undefined }, VALIDATION.SELECT_ORDER_SOURCE],
    ['a negative value', { value: -5 }, VALIDATION.ORDER_VALUE_MIN],
    ['a value that is not a number', { value: 'abc' }, VALIDATION.ORDER_VALUE_INVALID],
    ['long notes', { additional_notes: 'x'.repeat(1001) }, VALIDATION.ADDITIONAL_NOTES_MAX],
  ])('answers 400 with the spec message for %s', async (_name, change, message) => {
    const before = await countOrders();
    const body: Record<string, unknown> = { ...createBody(f), ...change };
    if ('patient' in change) delete body.patient;
    if ('order_source' in change) delete body.orderSource;
    const res = await api(f).post('/orders/blood/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(await countOrders()).toBe(before);
  });

  it.each([
    ['a disallowed test', { scanType: ['CBC', 'BMA'] }, VALIDATION.TEST_NOT_ALLOWED],
    ['an X-ray test on a blood order', { scanType: ['CXR'] }, ORDER_MESSAGES.UNKNOWN_TEST],
    ['another customer’s patient', 'otherPatient', VALIDATION.SELECT_PATIENT],
    ['a region the address is not in', 'otherRegion', ORDER_MESSAGES.REGION_MISMATCH],
    ['a pickup too soon', { ...slotBefore(5) }, ORDER_MESSAGES.PICKUP_TOO_SOON],
    ['a pickup too far ahead', { ...slotIn(40 * 24 * 60) }, ORDER_MESSAGES.PICKUP_TOO_FAR],
  ])('refuses %s with 400 and writes nothing', async (_name, change, message) => {
    const before = await countOrders();
    const extra =
      change === 'otherPatient'
        ? { patient: f.otherPatientId }
        : change === 'otherRegion'
          ? { region: f.otherBloodRegion }
          : (change as object);
    const res = await api(f).post('/orders/blood/', { ...createBody(f), ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(await countOrders()).toBe(before);
  });
});

describe('POST /orders/{vertical}/: an address in the other vertical only', () => {
  it('refuses a blood order for a pin only in an X-ray region, on the address, and books X-ray', async () => {
    const [row] = await f.t.db
      .insert(customerAddresses)
      .values({
        customerId: f.customerId,
        latitude: 31.5201,
        longitude: 74.3501,
        address: '3 Mozang Road',
        verified: true,
        isValid: true,
      })
      .returning();
    await f.t.db
      .insert(regionCustomerAddresses)
      .values({ customerAddressId: row!.id, regionId: f.xrayRegion, customerId: f.customerId });
    const before = await countOrders();
    for (const region of [f.bloodRegion, f.otherBloodRegion]) {
      const res = await api(f).post(
        '/orders/blood/',
        createBody(f, 'blood', { customerAddress: row!.id, region }),
      );
      expect(res.statusCode).toBe(400);
      const message = ORDER_CREATE_MESSAGES.addressOutsideVertical('blood');
      expect(res.json()).toMatchObject({ detail: message, errors: { customerAddress: [message] } });
    }
    expect(await countOrders()).toBe(before);
    const xray = await api(f).post(
      '/orders/xray/',
      createBody(f, 'xray', { customerAddress: row!.id }),
    );
    expect(xray.statusCode, xray.body).toBe(201);
    const order = await detailOf('xray', xray.json().id);
    expect(order.customerAddress.regionCustomerAddresses).toEqual([
      { region: { id: f.xrayRegion, name: 'Gulberg X-Ray', vertical: 'xray' } },
    ]);
  });
});

describe('POST /orders/{vertical}/: order type and source as §7 sends them (ADR 0024)', () => {
  /** The spec's payload: order_type is always 1; Regular or Hospital is the fulfillment method. */
  const specBody = (fulfillment: 'online' | 'offline') => {
    const { orderType: _fixed, fulfillmentMethod: _method, ...rest } = createBody(f);
    return { ...rest, order_type: 1, fulfillment_method: fulfillment };
  };

  it('books a Hospital order sent with order_type 1: stored and read back as Hospital', async () => {
    const res = await api(f).post('/orders/blood/', specBody('offline'));
    expect(res.statusCode, res.body).toBe(201);
    const order = await detailOf('blood', res.json().id);
    expect(order).toMatchObject({
      orderType: ORDER_TYPES.OFFLINE,
      fulfillmentMethod: 'offline',
      orderSource: f.lookups.orderSource,
    });
    expect(ORDER_TYPE_LABELS[order.orderType]).toBe('Hospital');
    // The list's Online filter (order_type = 1) leaves it out.
    const online = await api(f).get(`/orders/blood/?is_online=true&search=${order.number}`);
    expect(online.json().count).toBe(0);
  });

  it('books a Regular order sent with order_type 1 as Regular', async () => {
    const res = await api(f).post('/orders/blood/', specBody('online'));
    expect(res.statusCode, res.body).toBe(201);
    const order = await detailOf('blood', res.json().id);
    expect(order).toMatchObject({ orderType: ORDER_TYPES.ONLINE, fulfillmentMethod: 'online' });
  });

  it.each([
    ['order_type 2', { order_type: 2 }, ORDER_MESSAGES.ORDER_TYPE_FIXED],
    [
      'an unknown fulfillment method',
      { fulfillment_method: 'hospital' },
      VALIDATION.SELECT_ORDER_TYPE,
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, change, message) => {
    const before = await countOrders();
    const res = await api(f).post('/orders/blood/', { ...specBody('online'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(await countOrders()).toBe(before);
  });
});

describe('POST /orders/{vertical}/: the server prices the order (ADR 0016)', () => {
  // CBC 500 + LFT 800 = 1300 in the fixtures' catalogue.
  it('applies a discount to its own test prices and stores both', async () => {
    const res = await api(f).post('/orders/blood/', { ...createBody(f), discount: 10 });
    expect(res.statusCode, res.body).toBe(201);
    const order = await detailOf('blood', res.json().id);
    expect(order.discountPercent).toBe(10);
    expect(order.givenValue).toBe(1170);
    expect(shownTotal(order)).toBe(1170);
  });

  it('keeps a decimal discount and rounds the total to whole PKR', async () => {
    const res = await api(f).post('/orders/blood/', {
      ...createBody(f),
      discount: 12.5,
      value: 1138,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await detailOf('blood', res.json().id);
    // 1300 - 162.5 = 1137.5, rounded half up.
    expect(order).toMatchObject({ discountPercent: 12.5, givenValue: 1138 });
  });

  it('refuses a value that is not the discounted total, writing nothing', async () => {
    const before = await countOrders();
    for (const body of [
      { discount: 10, value: 1300 },
      { discount: 10, value: 1000 },
      { discount: 0, value: 1000 },
      // Without a discount, a value above the tests' sum cannot be a discounted total.
      { value: 1500 },
    ]) {
      const res = await api(f).post('/orders/blood/', { ...createBody(f), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        detail: ORDER_MESSAGES.TOTAL_MISMATCH,
        errors: { value: [ORDER_MESSAGES.TOTAL_MISMATCH] },
      });
    }
    expect(await countOrders()).toBe(before);
  });

  it('derives the discount from a bare value (the spec payload)', async () => {
    const res = await api(f).post('/orders/blood/', { ...createBody(f), value: 1000 });
    expect(res.statusCode, res.body).toBe(201);
    const order = await detailOf('blood', res.json().id);
    expect(order.givenValue).toBe(1000);
    // 1300 - 23.1% = 999.7: the shortest percent that gives exactly the value.
    expect(order.discountPercent).toBe(23.1);
    expect(shownTotal(order)).toBe(1000);

    const whole = await api(f).post('/orders/blood/', { ...createBody(f), value: 1170 });
    expect((await detailOf('blood', whole.json().id)).discountPercent).toBe(10);
  });

  it('prices an order with neither at the tests sum, no discount', async () => {
    const res = await api(f).post('/orders/blood/', createBody(f));
    const order = await detailOf('blood', res.json().id);
    expect(order).toMatchObject({ discountPercent: 0, givenValue: 1300 });
  });

  it.each([
    [-1, VALIDATION.DISCOUNT_MIN],
    [100.5, VALIDATION.DISCOUNT_MAX],
    ['ten', VALIDATION.DISCOUNT_INVALID],
  ])('refuses discount %s with the spec message', async (discount, message) => {
    const before = await countOrders();
    const res = await api(f).post('/orders/blood/', { ...createBody(f), discount });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(res.json().errors).toEqual({ discount: [message] });
    expect(await countOrders()).toBe(before);
  });
});

describe('POST /orders/{vertical}/ with sourceOrder (Copy Order)', () => {
  const copier = () => tokenWith(f.t, [...ORDER_STAFF_PERMISSIONS, PERMISSIONS.CAN_COPY_ORDER]);

  it("books a copy for a user with 'Can copy order'", async () => {
    const source = await placeOrder(f);
    const res = await api(f).post(
      '/orders/blood/',
      { ...createBody(f), source_order: source.id },
      await copier(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await detailOf('blood', res.json().id)).sourceOrder).toBe(source.id);
  });

  it("refuses a copy without 'Can copy order' (403), writing nothing", async () => {
    const source = await placeOrder(f);
    const before = await countOrders();
    // The fixtures' staff may add orders but not copy them.
    const res = await api(f).post('/orders/blood/', { ...createBody(f), source_order: source.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ERRORS.PERMISSION_DENIED);
    expect(await countOrders()).toBe(before);
  });

  it('refuses a copy of an order of the other vertical, or of none (400)', async () => {
    const xray = await placeOrder(f, 'xray');
    const before = await countOrders();
    const auth = await copier();
    const other = await api(f).post(
      '/orders/blood/',
      { ...createBody(f), source_order: xray.id },
      auth,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({
      sourceOrder: [ORDER_MESSAGES.SOURCE_ORDER_OTHER_VERTICAL],
    });
    const none = await api(f).post(
      '/orders/blood/',
      { ...createBody(f), source_order: 999_999 },
      auth,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ sourceOrder: [ORDER_MESSAGES.SOURCE_ORDER_UNKNOWN] });
    expect(await countOrders()).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('creates exactly one order for 20 identical concurrent requests', async () => {
    const before = await countOrders();
    const body = createBody(f);
    const headers = { ...f.auth, 'idempotency-key': 'create-once-1' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => api(f).post('/orders/blood/', body, headers)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(1);
    expect(new Set(replies.map((r) => r.json().number)).size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
    expect(await activitiesOf(f, replies[0]!.json().id)).toHaveLength(1);
  });

  it('answers 409 for the same key with a different body', async () => {
    const headers = { ...f.auth, 'idempotency-key': 'create-once-2' };
    const first = await api(f).post('/orders/blood/', createBody(f), headers);
    expect(first.statusCode).toBe(201);
    const other = await api(f).post('/orders/blood/', { ...createBody(f), value: 999 }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED);
  });

  it('lets a key whose first request failed be used again', async () => {
    const headers = { ...f.auth, 'idempotency-key': 'create-once-3' };
    const bad = await api(f).post('/orders/blood/', { ...createBody(f), region: 999999 }, headers);
    expect(bad.statusCode).toBe(400);
    const good = await api(f).post('/orders/blood/', createBody(f), headers);
    expect(good.statusCode).toBe(201);
  });
});
