import { orderSchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/outbox';
import { pruneIdempotencyKeys } from '../../jobs/location-retention';
import {
  activitiesOf,
  api,
  bringPickupNear,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { assignOrder } from '../orders/public';

/**
 * Tube labels and idempotent rider writes (docs/decisions/0062): the labels scanned at the door
 * are stored with the collection and checked at the centre's handover; a rider-app write sent
 * twice with one Idempotency-Key applies once.
 */
let f: Fixtures;
let call: ReturnType<typeof api>;
const at = { latitude: 31.5206, longitude: 74.3506 };

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = api(f);
});
afterAll(() => f.t.close());

let labelSeq = 0;
/** Labels unique to the test run: a label may be on one live order at a time. */
const label = () => `T-${Date.now().toString(36).toUpperCase()}-${++labelSeq}`;

/** A booked blood order assigned to a new rider and reached through the rider app. */
async function reachedOrder() {
  const order = await placeOrder(f, 'blood');
  const rider = await createRider(f);
  await assignOrder(
    f.t.db,
    { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  await bringPickupNear(f, order.id);
  const res = await call.post(`/rider-app/orders/${order.id}/reached/`, at, rider.auth);
  expect(res.statusCode).toBe(200);
  return { order, rider };
}

const collect = (
  o: { order: { id: number }; rider: { auth: Record<string, string> } },
  body: object,
  headers: Record<string, string> = {},
) =>
  call.post(
    `/rider-app/orders/${o.order.id}/collected/`,
    { ...at, ...body },
    {
      ...o.rider.auth,
      ...headers,
    },
  );

const deliver = (
  rider: { auth: Record<string, string> },
  body: object,
  headers: Record<string, string> = {},
) =>
  call.post(
    '/rider-app/deliver/',
    { collection_center_id: f.nearCenter, ...body },
    { ...rider.auth, ...headers },
  );

const detailOf = async (orderId: number) => {
  const res = await call.get(`/orders/blood/${orderId}/`);
  expect(res.statusCode).toBe(200);
  return orderSchema.strict().parse(res.json());
};

describe('tube labels at collection', () => {
  it('stores the scanned tubes with the collection: activity, order detail, tasks and CSV', async () => {
    const o = await reachedOrder();
    const [a, b] = [label(), label()];
    const res = await collect(o, { tube_labels: [` ${a.toLowerCase()} `, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders[0].state).toBe('collected');

    const activity = (await activitiesOf(f, o.order.id)).find((r) => r.verb === 'collected');
    expect(activity?.description).toBe(`${o.rider.name} collected the order (tubes ${a}, ${b})`);
    expect(activity?.data).toMatchObject({ tubeLabels: [a, b] });

    const detail = await detailOf(o.order.id);
    expect(detail.tubes).toEqual([
      { label: a, collectedAt: detail.collectedAt, handedOverAt: null, flag: null },
      { label: b, collectedAt: detail.collectedAt, handedOverAt: null, flag: null },
    ]);

    const tasks = (await call.get('/rider-app/tasks/', o.rider.auth)).json();
    expect(tasks.results[0].order).toMatchObject({ id: o.order.id, tubeLabels: [a, b] });

    const number = (await orderRow(f, o.order.id)).number;
    const downloader = await tokenWith(f.t, [
      PERMISSIONS.CAN_VIEW_ORDER,
      PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING,
    ]);
    const csv = await call.get(`/orders/blood/csv/?search=${number}`, downloader);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, line] = csv.body.split('\r\n');
    expect(header?.endsWith(',Tubes')).toBe(true);
    expect(line?.startsWith(number)).toBe(true);
    expect(line?.endsWith(`,${a} ${b}`)).toBe(true);
  });

  it('an order collected without labels (older clients, the simulator) has no tubes', async () => {
    const o = await reachedOrder();
    expect((await collect(o, {})).statusCode).toBe(200);
    expect((await detailOf(o.order.id)).tubes).toEqual([]);
    const activity = (await activitiesOf(f, o.order.id)).find((r) => r.verb === 'collected');
    expect(activity?.description).toBe(`${o.rider.name} collected the order`);
  });

  it('refuses invalid, repeated and too many labels with a message, collecting nothing', async () => {
    const o = await reachedOrder();
    const cases = [
      [['AB1'], 'A tube label is 4 to 40 letters, digits or dashes'],
      [['AB 1234'], 'A tube label is 4 to 40 letters, digits or dashes'],
      [['X'.repeat(41)], 'A tube label is 4 to 40 letters, digits or dashes'],
      [['ab-1234', 'AB-1234'], 'Each tube label may be scanned once'],
      [Array.from({ length: 11 }, (_, i) => `TUBE-${i}0`), 'At most 10 tubes per order'],
    ] as const;
    for (const [labels, message] of cases) {
      const res = await collect(o, { tube_labels: labels });
      expect(res.statusCode, labels.join()).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    expect((await orderRow(f, o.order.id)).state).toBe('reached');
  });

  it('refuses a label still on another live order (409), and frees it once that one is delivered', async () => {
    const first = await reachedOrder();
    const shared = label();
    expect((await collect(first, { tube_labels: [shared] })).statusCode).toBe(200);
    const second = await reachedOrder();
    const taken = await collect(second, { tube_labels: [shared, label()] });
    expect(taken.statusCode).toBe(409);
    const number = (await orderRow(f, first.order.id)).number;
    expect(taken.json().detail).toBe(`Tube ${shared} is already on order ${number}`);
    expect((await orderRow(f, second.order.id)).state).toBe('reached');
    expect((await detailOf(second.order.id)).tubes).toEqual([]);

    expect((await deliver(first.rider, { handed_over_labels: [shared] })).statusCode).toBe(200);
    expect((await collect(second, { tube_labels: [shared] })).statusCode).toBe(200);
  });
});

describe('tube check at the handover', () => {
  it('all tubes scanned: handed over, no flag', async () => {
    const o = await reachedOrder();
    const [a, b] = [label(), label()];
    await collect(o, { tube_labels: [a, b] });
    const res = await deliver(o.rider, { handed_over_labels: [b.toLowerCase(), a] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orders: [{ id: o.order.id, state: 'delivered' }],
      tubes: { checked: [a, b], handedOver: [a, b], missing: [], unknown: [] },
    });
    const detail = await detailOf(o.order.id);
    expect(detail.tubes.every((t) => t.handedOverAt !== null && t.flag === null)).toBe(true);
    const verbs = (await activitiesOf(f, o.order.id)).map((r) => r.verb);
    expect(verbs).not.toContain('tubesFlagged');
  });

  it('a missing and an unknown tube are flagged to the dispatcher in the order activity', async () => {
    const o = await reachedOrder();
    const [a, b, stray] = [label(), label(), label()];
    await collect(o, { tube_labels: [a, b] });
    const res = await deliver(o.rider, { handed_over_labels: [a, stray] });
    expect(res.statusCode).toBe(200);
    expect(res.json().tubes).toEqual({
      checked: [a, b],
      handedOver: [a],
      missing: [b],
      unknown: [stray],
    });
    expect((await orderRow(f, o.order.id)).state).toBe('delivered');
    const detail = await detailOf(o.order.id);
    expect(detail.tubes.map((t) => [t.label, t.handedOverAt !== null, t.flag])).toEqual([
      [a, true, null],
      [b, false, 'missing'],
    ]);
    const activity = await call.get(`/activity/?order=${o.order.id}`);
    expect(activity.statusCode).toBe(200);
    const flagged = activity
      .json()
      .results.find((r: { verb: string }) => r.verb === 'tubesFlagged');
    expect(flagged?.description).toBe(
      `Tube check at handover: ${o.rider.name} delivered without tube ${b} and with unknown tube ${stray}`,
    );
  });

  it('without handed_over_labels (older clients) nothing is checked or flagged', async () => {
    const o = await reachedOrder();
    await collect(o, { tube_labels: [label()] });
    const res = await deliver(o.rider, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().tubes).toEqual({ checked: [], handedOver: [], missing: [], unknown: [] });
    const verbs = (await activitiesOf(f, o.order.id)).map((r) => r.verb);
    expect(verbs).not.toContain('tubesFlagged');
    expect((await detailOf(o.order.id)).tubes[0]).toMatchObject({ handedOverAt: null, flag: null });
  });
});

describe('Idempotency-Key on rider-app writes', () => {
  it('a collected replay answers the same and applies once; another body with the key is 409', async () => {
    const o = await reachedOrder();
    const key = { 'idempotency-key': `collect-${o.order.id}-abcdef` };
    const body = { tube_labels: [label()] };
    const first = await collect(o, body, key);
    expect(first.statusCode).toBe(200);
    const again = await collect(o, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const collectedRows = (await activitiesOf(f, o.order.id)).filter((r) => r.verb === 'collected');
    expect(collectedRows).toHaveLength(1);
    // Without the key the same call is judged afresh: the order is no longer reached.
    expect((await collect(o, body)).statusCode).toBe(409);

    const other = await collect(o, { tube_labels: [label()] }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      detail:
        'This Idempotency-Key was already used for a different request; send a new key for a new action',
      code: 'REPLAY_DIFFERS',
    });
    // The same key on another path differs too.
    const elsewhere = await deliver(o.rider, {}, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('REPLAY_DIFFERS');
    expect((await orderRow(f, o.order.id)).state).toBe('collected');
  });

  it('a deliver replay answers the same tube check without delivering again', async () => {
    const o = await reachedOrder();
    const [a, b] = [label(), label()];
    await collect(o, { tube_labels: [a, b] });
    const key = { 'idempotency-key': `deliver-${o.order.id}-abcdef` };
    const first = await deliver(o.rider, { handed_over_labels: [a] }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().tubes.missing).toEqual([b]);
    const again = await deliver(o.rider, { handed_over_labels: [a] }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await activitiesOf(f, o.order.id);
    expect(rows.filter((r) => r.verb === 'delivered')).toHaveLength(1);
    expect(rows.filter((r) => r.verb === 'tubesFlagged')).toHaveLength(1);
    // Without the key there is nothing left to deliver.
    expect((await deliver(o.rider, { handed_over_labels: [a] })).statusCode).toBe(409);
  });

  it('two calls with one key at once: one applies, the other replays its answer', async () => {
    const o = await reachedOrder();
    const key = { 'idempotency-key': `race-${o.order.id}-abcdef` };
    const body = { tube_labels: [label()] };
    const [a, b] = await Promise.all([collect(o, body, key), collect(o, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const rows = (await activitiesOf(f, o.order.id)).filter((r) => r.verb === 'collected');
    expect(rows).toHaveLength(1);
  });

  it('a refused call stores no key: the retry is judged afresh', async () => {
    const o = await reachedOrder();
    const key = { 'idempotency-key': `refused-${o.order.id}-abcdef` };
    expect((await deliver(o.rider, {}, key)).statusCode).toBe(409); // nothing collected yet
    expect((await collect(o, {})).statusCode).toBe(200);
    const res = await deliver(o.rider, {}, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders[0].state).toBe('delivered');
  });

  it('replays a 201 patient feedback with its status; keys are one rider own', async () => {
    const o = await reachedOrder();
    await collect(o, {});
    const key = { 'idempotency-key': `feedback-${o.order.id}-abc` };
    const body = {
      overall_star_rating: 5,
      patient_behavior_star_rating: 5,
      wait_time_mins: 3,
    };
    const url = `/rider-app/orders/${o.order.id}/patient-feedback/`;
    const first = await call.post(url, body, { ...o.rider.auth, ...key });
    expect(first.statusCode).toBe(201);
    const again = await call.post(url, body, { ...o.rider.auth, ...key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another rider with the same key is another key (and not their order: 403).
    const other = await createRider(f);
    expect((await call.post(url, body, { ...other.auth, ...key })).statusCode).toBe(403);
  });

  it('refuses a key shorter than 8 or longer than 100 characters', async () => {
    const rider = await createRider(f);
    for (const k of ['short', 'k'.repeat(101)]) {
      const res = await call.post(
        '/rider-app/offline/',
        {},
        { ...rider.auth, 'idempotency-key': k },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Idempotency-Key must be 8 to 100 characters');
    }
    const ok = await call.post(
      '/rider-app/offline/',
      {},
      {
        ...rider.auth,
        'idempotency-key': 'k'.repeat(100),
      },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('keys older than 48 hours are pruned by the retention job', async () => {
    const rider = await createRider(f);
    const key = `prune-${rider.id}-abcdef`;
    const headers = { ...rider.auth, 'idempotency-key': key };
    expect((await call.post('/rider-app/duty/', { is_on_duty: true }, headers)).statusCode).toBe(
      200,
    );
    const rows = () => f.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(await rows()).toHaveLength(1);
    expect(await pruneIdempotencyKeys(f.t.db, new Date(Date.now() + 47 * 3_600_000))).toBe(0);
    expect(
      await pruneIdempotencyKeys(f.t.db, new Date(Date.now() + 49 * 3_600_000)),
    ).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(0);
  });
});
