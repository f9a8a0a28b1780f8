import { ERRORS, SUCCESS, TRANSITION_GUARDS } from '@dastak/core/messages';
import { ADDRESS_DELETE_MESSAGES } from '@dastak/core/messages/address-delete';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, regionCustomerAddresses } from '../../db/schema/customers';
import { orderActivities, orders } from '../../db/schema/orders';
import {
  activitiesOf,
  api,
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

let f: Fixtures;
/** An agent-like user: changes customers, views orders, nothing else. */
let agent: { id: number; auth: Record<string, string> };
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  const user = await createUser(f.t, [PERMISSIONS.CAN_CHANGE_CUSTOMER, PERMISSIONS.CAN_VIEW_ORDER]);
  agent = { id: user.id, auth: bearer((await login(f.t.app, user.email, user.password)).token) };
});
afterAll(() => f.t.close());

/** A fresh address of the fixture customer, in the blood region. */
async function newAddress(opts: { verified?: boolean; isValid?: boolean } = {}) {
  const [row] = await f.t.db
    .insert(customerAddresses)
    .values({
      customerId: f.customerId,
      latitude: 31.5205,
      longitude: 74.3505,
      address: '7 Canal Road, Gulberg',
      verified: opts.verified ?? true,
      isValid: opts.isValid ?? true,
    })
    .returning();
  await f.t.db
    .insert(regionCustomerAddresses)
    .values({ customerAddressId: row!.id, regionId: f.bloodRegion, customerId: f.customerId });
  return row!.id;
}

async function addressRow(id: number) {
  const [row] = await f.t.db.select().from(customerAddresses).where(eq(customerAddresses.id, id));
  return row!;
}

function del(url: string, opts: { payload?: object; headers?: Record<string, string> } = {}) {
  return f.t.app.inject({
    method: 'DELETE',
    url: `/api/v1${url}`,
    headers: opts.headers ?? agent.auth,
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

describe('DELETE /entity/customer_address/{id}/', () => {
  it('soft-deletes an address; a second delete and an unknown id are 404', async () => {
    const id = await newAddress();
    const res = await del(`/entity/customer_address/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: SUCCESS.CUSTOMER_ADDRESS_DELETED });
    const row = await addressRow(id);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ verified: false, isValid: false });

    const again = await del(`/entity/customer_address/${id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(ERRORS.NOT_FOUND);
    expect((await del('/entity/customer_address/999999/')).statusCode).toBe(404);
  });

  it('Delete Address (the address id alone) records it in the log of every order at it', async () => {
    const address = await newAddress();
    const order = await placeOrder(f, 'blood', { customerAddress: address });
    const later = await placeOrder(f, 'blood', { customerAddress: address });
    expect(order.state).toBe('needsAssignment');
    const res = await del(`/entity/customer_address/${address}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe(SUCCESS.CUSTOMER_ADDRESS_DELETED);
    const row = await addressRow(address);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ verified: false, isValid: false });
    for (const id of [order.id, later.id]) {
      const last = (await activitiesOf(f, id)).at(-1)!;
      expect(last.verb).toBe('addressDeleted');
      expect(last.actorId).toBe(agent.id);
      expect(last.description).toMatch(/^Address deleted by Test User\d+: 7 Canal Road, Gulberg$/);
      expect(last.data).toEqual({ customerAddressId: address, wrongPin: false });
    }

    // The order detail still shows the deleted address's pin, with nothing left to act on.
    const detail = await api(f).get(`/orders/blood/${order.id}/`, agent.auth);
    expect(detail.json().customerAddress).toMatchObject({
      id: address,
      verified: false,
      isValid: false,
    });
  });

  /** A fresh online blood order at a new address, moved to the unverified state. */
  async function unverifiedOrder(opts: { verified?: boolean } = {}) {
    const address = await newAddress(opts);
    const order = await placeOrder(f, 'blood', { customerAddress: address });
    if (order.state !== 'unverified') {
      // An order whose address was verified can still be unverified (the rider found it wrong).
      await f.t.db
        .update(orders)
        .set({ state: 'unverified', isUnverified: true })
        .where(eq(orders.id, order.id));
    }
    return { address, orderId: order.id };
  }

  it('Mark Wrong Pin is the order id alone, as spec §7 sends it (no flag)', async () => {
    const { address, orderId } = await unverifiedOrder();
    const res = await del(`/entity/customer_address/${address}/?order_id=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe(SUCCESS.CUSTOMER_ADDRESS_DELETED);
    const row = await addressRow(address);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ verified: false, isValid: false });
    const last = (await activitiesOf(f, orderId)).at(-1)!;
    expect(last.verb).toBe('addressDeleted');
    expect(last.actorId).toBe(agent.id);
    expect(last.description).toMatch(
      /^Address marked as wrong pin and deleted by Test User\d+: 7 Canal Road, Gulberg$/,
    );
    expect(last.data).toEqual({ customerAddressId: address, wrongPin: true });
    // Marking a wrong pin does not verify or cancel the order.
    const detail = await api(f).get(`/orders/blood/${orderId}/`, agent.auth);
    expect(detail.json().state).toBe('unverified');
  });

  it('an order whose pin was marked wrong cannot be verified: no rider goes to it', async () => {
    const { address, orderId } = await unverifiedOrder();
    expect((await del(`/entity/customer_address/${address}/?order_id=${orderId}`)).statusCode).toBe(
      200,
    );
    const before = (await activitiesOf(f, orderId)).length;
    const verify = await api(f).post(`/orders/blood/${orderId}/verified/`, {}, f.auth);
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toEqual({ detail: TRANSITION_GUARDS.ADDRESS_REQUIRED_TO_VERIFY });
    const detail = await api(f).get(`/orders/blood/${orderId}/`, f.auth);
    expect(detail.json().state).toBe('unverified');
    expect((await activitiesOf(f, orderId)).length).toBe(before);
  });

  it('Mark Wrong Pin through the JSON body (snake_case and camelCase keys)', async () => {
    const snake = await unverifiedOrder();
    const res = await del(`/entity/customer_address/${snake.address}/`, {
      payload: { customer_address_id: snake.address, order_id: snake.orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await activitiesOf(f, snake.orderId)).at(-1)!;
    expect(last.description).toMatch(/^Address marked as wrong pin and deleted by /);
    expect(last.data).toEqual({ customerAddressId: snake.address, wrongPin: true });

    const camelCase = await unverifiedOrder();
    const camel = await del(`/entity/customer_address/${camelCase.address}/`, {
      payload: { orderId: camelCase.orderId },
    });
    expect(camel.statusCode, camel.body).toBe(200);
    const marked = (await activitiesOf(f, camelCase.orderId)).at(-1)!;
    expect(marked.description).toMatch(/^Address marked as wrong pin and deleted by /);
    expect(marked.data).toEqual({ customerAddressId: camelCase.address, wrongPin: true });
  });

  it('Delete Address of an unverified order whose valid address is not verified yet', async () => {
    // Spec §2.6 asks only for a valid address and an online order: not a wrong pin, a delete.
    const address = await newAddress({ verified: false });
    const order = await placeOrder(f, 'blood', { customerAddress: address });
    expect(order.state).toBe('unverified');
    const res = await del(`/entity/customer_address/${address}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await addressRow(address)).deletedAt).toBeInstanceOf(Date);
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.verb).toBe('addressDeleted');
    expect(last.description).toMatch(/^Address deleted by Test User\d+: 7 Canal Road, Gulberg$/);
    expect(last.data).toEqual({ customerAddressId: address, wrongPin: false });
  });

  it('refuses a wrong pin §4 forbids and leaves the address and the log untouched', async () => {
    type Setup = () => Promise<{ address: number; orderId: number }>;
    const cases: [string, Setup, string][] = [
      [
        'an offline order',
        async () => {
          const { address, orderId } = await unverifiedOrder();
          await f.t.db
            .update(orders)
            .set({ fulfillmentMethod: 'offline' })
            .where(eq(orders.id, orderId));
          return { address, orderId };
        },
        ADDRESS_DELETE_MESSAGES.ORDER_OFFLINE,
      ],
      [
        'an unverified address',
        async () => {
          const address = await newAddress({ verified: false });
          const o = await placeOrder(f, 'blood', { customerAddress: address });
          expect(o.state).toBe('unverified');
          return { address, orderId: o.id };
        },
        ADDRESS_DELETE_MESSAGES.WRONG_PIN_UNVERIFIED,
      ],
      [
        'an invalid address',
        async () => {
          const { address, orderId } = await unverifiedOrder();
          await f.t.db
            .update(customerAddresses)
            .set({ isValid: false })
            .where(eq(customerAddresses.id, address));
          return { address, orderId };
        },
        ADDRESS_DELETE_MESSAGES.WRONG_PIN_UNVERIFIED,
      ],
      [
        // A stale unverified-order tab: the order was verified meanwhile.
        'an order no longer unverified',
        async () => {
          const address = await newAddress();
          const o = await placeOrder(f, 'blood', { customerAddress: address });
          expect(o.state).not.toBe('unverified');
          return { address, orderId: o.id };
        },
        ADDRESS_DELETE_MESSAGES.WRONG_PIN_ORDER_NOT_UNVERIFIED,
      ],
      [
        "another order's address",
        async () => {
          const address = await newAddress();
          const { orderId } = await unverifiedOrder();
          return { address, orderId };
        },
        ADDRESS_DELETE_MESSAGES.NOT_ORDER_ADDRESS,
      ],
    ];
    for (const [name, setup, message] of cases) {
      const { address, orderId } = await setup();
      const before = await addressRow(address);
      const logBefore = await activitiesOf(f, orderId);
      const res = await del(`/entity/customer_address/${address}/?order_id=${orderId}`);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().detail, name).toBe(message);
      expect(await addressRow(address), name).toEqual(before);
      expect(await activitiesOf(f, orderId), name).toEqual(logBefore);
    }
  });

  it('is 404 for an unknown order and 400 when the body names another address', async () => {
    const address = await newAddress();
    const unknown = await del(`/entity/customer_address/${address}/?order_id=999999`);
    expect(unknown.statusCode).toBe(404);
    const mismatch = await del(`/entity/customer_address/${address}/`, {
      payload: { customerAddressId: address + 1 },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toBe(ADDRESS_DELETE_MESSAGES.ID_MISMATCH);
    const bad = await del(`/entity/customer_address/${address}/?order_id=abc`);
    expect(bad.statusCode).toBe(400);
    expect((await addressRow(address)).deletedAt).toBeNull();
  });

  it('takes an order id as the wrong-pin action whatever else is sent', async () => {
    // A needsAssignment order at a verified, valid pin: Delete Address would be allowed, a wrong
    // pin is not (the order is not unverified). No flag turns the order id into a plain delete.
    const address = await newAddress();
    const order = await placeOrder(f, 'blood', { customerAddress: address });
    for (const res of [
      await del(`/entity/customer_address/${address}/?order_id=${order.id}&wrong_pin=false`),
      await del(`/entity/customer_address/${address}/`, {
        payload: { order_id: order.id, wrong_pin: false },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(ADDRESS_DELETE_MESSAGES.WRONG_PIN_ORDER_NOT_UNVERIFIED);
    }
    expect((await addressRow(address)).deletedAt).toBeNull();
    expect((await activitiesOf(f, order.id)).some((a) => a.verb === 'addressDeleted')).toBe(false);
  });

  it('rolls the delete back when the activity row cannot be written', async () => {
    const address = await newAddress();
    const order = await placeOrder(f, 'blood', { customerAddress: address });
    // Make the activity insert fail inside the transaction: the address must stay live.
    await f.t.db.execute(
      "alter table order_activities add constraint h2_block_address_deleted check (verb <> 'addressDeleted') not valid",
    );
    try {
      const res = await del(`/entity/customer_address/${address}/`);
      expect(res.statusCode).toBe(500);
    } finally {
      await f.t.db.execute('alter table order_activities drop constraint h2_block_address_deleted');
    }
    const row = await addressRow(address);
    expect(row.deletedAt).toBeNull();
    expect(row.verified).toBe(true);
    const deleted = await f.t.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, order.id));
    expect(deleted.some((a) => a.verb === 'addressDeleted')).toBe(false);
  });

  it('needs a token (401) and the change-customer permission (403)', async () => {
    const address = await newAddress();
    const url = `/entity/customer_address/${address}/`;
    expect((await del(url, { headers: {} })).statusCode).toBe(401);
    const viewer = await tokenWith(f.t, [
      PERMISSIONS.CAN_VIEW_CUSTOMER,
      PERMISSIONS.CAN_VIEW_ORDER,
    ]);
    expect((await del(url, { headers: viewer })).statusCode).toBe(403);
    expect((await addressRow(address)).deletedAt).toBeNull();
    const changeOnly = await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_CUSTOMER]);
    expect((await del(url, { headers: changeOnly })).statusCode).toBe(200);
  });
});
