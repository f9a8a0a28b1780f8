import type { BulkReassignLine } from '@dastak/core/entities/bulk-reassign';
import type { AssignableRiders } from '@dastak/core/entities/riders';
import { ERRORS, ORDER_MESSAGES } from '@dastak/core/messages';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { PERMISSIONS } from '@dastak/core/permissions';
import { ASSIGNABLE_RIDER_TABS } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riderProfiles } from '../../db/schema/riders';
import {
  activitiesOf,
  api,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

type Rider = Awaited<ReturnType<typeof createRider>>;

/** A rider holding `n` fresh pickups (assigned through the API, as a dispatcher does). */
async function sickRiderWith(n: number) {
  const sick = await createRider(f);
  const orders = [];
  for (let i = 0; i < n; i++) {
    const order = await placeOrder(f);
    const res = await api(f).post(`/orders/blood/${order.id}/request/`, { rider_ids: [sick.id] });
    expect(res.statusCode).toBe(200);
    orders.push(order);
  }
  return { sick, orders };
}

const propose = (riderId: number, headers = f.auth) =>
  api(f).post(`/riders/${riderId}/reassign-all/proposal/`, {}, headers);

const commit = (
  riderId: number,
  lines: { order_id: number; rider_id: number; version: string }[],
  headers = f.auth,
) =>
  api(f).post(
    `/riders/${riderId}/reassign-all/`,
    { lines, reassignment_string_id: f.lookups.reassignment, reason: 'rider is sick' },
    headers,
  );

async function proposalOf(riderId: number): Promise<BulkReassignLine[]> {
  const res = await propose(riderId);
  expect(res.statusCode).toBe(200);
  return res.json().lines;
}

const linesTo = (lines: BulkReassignLine[], riders: Rider[]) =>
  lines.map((l, i) => ({
    order_id: l.orderId,
    rider_id: riders[i % riders.length]!.id,
    version: l.version,
  }));

/** What a user would check on each order: its rider, its state and its history's length. */
const snapshot = async (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => {
      const o = await orderRow(f, id);
      return {
        id,
        rider: o.assignedRiderId,
        state: o.state,
        activities: (await activitiesOf(f, id)).length,
      };
    }),
  );

describe('POST /riders/{riderId}/reassign-all/proposal/', () => {
  it('lists each pending pickup with a proposed rider other than the sick one', async () => {
    // Two helpers: one rider cannot serve two doors in the same slot in time.
    const helper = await createRider(f);
    const helper2 = await createRider(f);
    const { sick, orders } = await sickRiderWith(2);
    const res = await propose(sick.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rider).toEqual({ id: sick.id, name: sick.name });
    expect(body.lines.map((l: BulkReassignLine) => l.orderId).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );
    for (const line of body.lines as BulkReassignLine[]) {
      expect(line).toMatchObject({ vertical: 'blood', state: 'assigned', area: 'Gulberg' });
      expect(line.version).toEqual(expect.any(String));
      expect(line.candidates.map((c) => c.id)).not.toContain(sick.id);
      expect(line.candidates.map((c) => c.id)).toEqual(
        expect.arrayContaining([helper.id, helper2.id]),
      );
      expect(line.proposedRider).not.toBeNull();
      expect(line.proposedRider!.id).not.toBe(sick.id);
      expect(line.candidates.map((c) => c.id)).toContain(line.proposedRider!.id);
      expect(line.reason).toBeNull();
    }
  });

  it('proposes nobody, with the reason, when no other rider is on duty', async () => {
    const { sick, orders } = await sickRiderWith(1);
    // A covid order: no covid rider on duty in the fixtures.
    const covid = await placeOrder(f, 'blood', { scanType: ['COVID'] });
    const covidRider = await createRider(f, { covid: true });
    await api(f).post(`/orders/blood/${covid.id}/request/`, { rider_ids: [covidRider.id] });
    const lines = await proposalOf(covidRider.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      orderId: covid.id,
      proposedRider: null,
      reason: M.NO_RIDER_ON_DUTY,
      candidates: [],
    });
    expect((await proposalOf(sick.id)).map((l) => l.orderId)).toEqual([orders[0]!.id]);
  });

  it('offers every rider the single re-assign lists for the order, in its groups', async () => {
    const { sick, orders } = await sickRiderWith(1);
    const order = orders[0]!;
    // Online, on-duty riders of the order's region that the solver's fleet left out: one just
    // outside the region's polygon, one whose phone has sent no position yet.
    const outside = await createRider(f);
    const unplaced = await createRider(f);
    const place = (
      id: number,
      at: { lastKnownLatitude: number | null; lastKnownLongitude: number | null },
    ) => f.t.db.update(riderProfiles).set(at).where(eq(riderProfiles.userId, id));
    await place(outside.id, { lastKnownLatitude: 31.62, lastKnownLongitude: 74.35 });
    await place(unplaced.id, { lastKnownLatitude: null, lastKnownLongitude: null });

    const suggested = await api(f).get(`/algorithm/blood/suggested-riders/${order.id}/`);
    expect(suggested.statusCode).toBe(200);
    const groups: AssignableRiders = suggested.json();
    const single = ASSIGNABLE_RIDER_TABS.flatMap(({ group }) =>
      groups[group].map(({ rider }) => ({
        id: rider.id,
        name: `${rider.firstName} ${rider.lastName}`,
        group,
      })),
    );
    const line = (await proposalOf(sick.id)).find((l) => l.orderId === order.id)!;
    expect(line.candidates).toEqual(single);
    expect(line.candidates).toEqual(
      expect.arrayContaining([
        { id: outside.id, name: outside.name, group: 'outOfRegionRiders' },
        { id: unplaced.id, name: unplaced.name, group: 'lateRiders' },
      ]),
    );
    expect(line.candidates.map((c) => c.id)).not.toContain(sick.id);
    // The commit takes the rider the dialog offered, as the single re-assign would.
    const res = await commit(sick.id, [
      { order_id: order.id, rider_id: outside.id, version: line.version },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(f, order.id)).assignedRiderId).toBe(outside.id);
  });

  it('answers 404 for an id that names no rider, and an empty list for an idle rider', async () => {
    expect((await propose(999999)).statusCode).toBe(404);
    expect((await propose(f.staffId)).statusCode).toBe(404);
    const idle = await createRider(f);
    expect(await proposalOf(idle.id)).toEqual([]);
  });
});

describe('POST /riders/{riderId}/reassign-all/', () => {
  it('reassigns every kept line with its activity row and reason, and leaves dropped ones', async () => {
    const a = await createRider(f);
    const b = await createRider(f);
    const { sick, orders } = await sickRiderWith(3);
    const lines = await proposalOf(sick.id);
    const kept = linesTo(lines.slice(0, 2), [a, b]);
    const dropped = lines[2]!.orderId;
    const res = await commit(sick.id, kept);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(M.reassigned(2));
    expect(res.json().orders).toHaveLength(2);
    for (const line of kept) {
      const row = await orderRow(f, line.order_id);
      expect(row).toMatchObject({ assignedRiderId: line.rider_id, state: 'assigned' });
      const last = (await activitiesOf(f, line.order_id)).at(-1)!;
      expect(last).toMatchObject({ verb: 'reassigned', actorId: f.staffId });
      expect(last.description).toMatch(
        new RegExp(`^Re-assigned from ${sick.name} to .+: Rider running late - rider is sick$`),
      );
      expect(last.data).toMatchObject({
        previousRiderId: sick.id,
        riderId: line.rider_id,
        reassignmentStringId: f.lookups.reassignment,
      });
    }
    expect((await pendingTasksOf(f, sick.id)).map((t) => t.orderId)).toEqual([dropped]);
    expect((await orderRow(f, dropped)).assignedRiderId).toBe(sick.id);
    expect(orders.map((o) => o.id)).toContain(dropped);
    expect((await pendingTasksOf(f, a.id)).map((t) => t.orderId)).toEqual([kept[0]!.order_id]);
  });

  it('refuses the whole commit (409, the changed lines) when one order changed, and changes nothing', async () => {
    const a = await createRider(f);
    const other = await createRider(f);
    const { sick, orders } = await sickRiderWith(3);
    const lines = await proposalOf(sick.id);
    // Meanwhile a dispatcher moves one order away and back: same rider, a new assignment.
    const moved = orders[1]!.id;
    for (const riderId of [other.id, sick.id]) {
      const r = await api(f).post(`/orders/blood/${moved}/reassign/`, {
        rider_ids: [riderId],
        reassignment_string_id: f.lookups.reassignment,
      });
      expect(r.statusCode).toBe(200);
    }
    const ids = orders.map((o) => o.id);
    const before = await snapshot(ids);
    const tasksBefore = await pendingTasksOf(f, sick.id);
    const sent = linesTo(lines, [a]);
    const res = await commit(sick.id, sent);
    expect(res.statusCode).toBe(409);
    // The one error body: the changed line named by its place in the request.
    const at = sent.findIndex((l) => l.order_id === moved);
    expect(res.json()).toEqual({
      detail: M.ORDERS_CHANGED,
      errors: { [`lines.${at}`]: [M.ORDER_CHANGED] },
    });
    expect(await snapshot(ids)).toEqual(before);
    expect(await pendingTasksOf(f, sick.id)).toEqual(tasksBefore);
    expect(await pendingTasksOf(f, a.id)).toEqual([]);
    // The refreshed proposal carries the new version, and the commit goes through.
    const fresh = await proposalOf(sick.id);
    expect((await commit(sick.id, linesTo(fresh, [a]))).statusCode).toBe(200);
  });

  it('refuses a forged version and an order that is not the rider’s pickup with 409', async () => {
    const a = await createRider(f);
    const { sick, orders } = await sickRiderWith(1);
    const stranger = await placeOrder(f);
    const before = await snapshot([orders[0]!.id, stranger.id]);
    const res = await commit(sick.id, [
      { order_id: orders[0]!.id, rider_id: a.id, version: 'forged' },
      { order_id: stranger.id, rider_id: a.id, version: 'x' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({
      'lines.0': [M.ORDER_CHANGED],
      'lines.1': [M.ORDER_CHANGED],
    });
    expect(await snapshot([orders[0]!.id, stranger.id])).toEqual(before);
  });

  it('answers 400 with core messages for a line naming the sick rider or an unknown rider', async () => {
    const a = await createRider(f);
    const { sick, orders } = await sickRiderWith(2);
    const lines = await proposalOf(sick.id);
    const ids = orders.map((o) => o.id);
    const before = await snapshot(ids);

    const self = await commit(sick.id, [
      { order_id: lines[0]!.orderId, rider_id: a.id, version: lines[0]!.version },
      { order_id: lines[1]!.orderId, rider_id: sick.id, version: lines[1]!.version },
    ]);
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(M.SAME_RIDER);

    const unknown = await commit(sick.id, [
      { order_id: lines[0]!.orderId, rider_id: a.id, version: lines[0]!.version },
      { order_id: lines[1]!.orderId, rider_id: 999999, version: lines[1]!.version },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(ORDER_MESSAGES.RIDER_NOT_FOUND);

    const staffAsRider = await commit(sick.id, [
      { order_id: lines[0]!.orderId, rider_id: f.staffId, version: lines[0]!.version },
    ]);
    expect(staffAsRider.statusCode).toBe(400);

    const empty = await commit(sick.id, []);
    expect(empty.statusCode).toBe(400);
    expect(await snapshot(ids)).toEqual(before);
  });

  it('rolls back the lines already moved when a later one is refused (rider off duty)', async () => {
    const a = await createRider(f);
    const off = await createRider(f, { onDuty: false });
    const { sick, orders } = await sickRiderWith(2);
    const lines = await proposalOf(sick.id);
    const ids = orders.map((o) => o.id);
    const before = await snapshot(ids);
    const res = await commit(sick.id, [
      { order_id: lines[0]!.orderId, rider_id: a.id, version: lines[0]!.version },
      { order_id: lines[1]!.orderId, rider_id: off.id, version: lines[1]!.version },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORDER_MESSAGES.RIDER_OFF_DUTY);
    expect(await snapshot(ids)).toEqual(before);
    expect(await pendingTasksOf(f, a.id)).toEqual([]);
  });

  it('refuses both routes without Can assign order (403)', async () => {
    const a = await createRider(f);
    const { sick, orders } = await sickRiderWith(1);
    const lines = await proposalOf(sick.id);
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const p = await propose(sick.id, viewer);
    expect(p.statusCode).toBe(403);
    expect(p.json().detail).toBe(ERRORS.PERMISSION_DENIED);
    const c = await commit(sick.id, linesTo(lines, [a]), viewer);
    expect(c.statusCode).toBe(403);
    expect((await orderRow(f, orders[0]!.id)).assignedRiderId).toBe(sick.id);
  });

  it('lets one of two simultaneous commits win; the other gets 409 and nothing is moved twice', async () => {
    const a = await createRider(f);
    const b = await createRider(f);
    const { sick, orders } = await sickRiderWith(2);
    const lines = await proposalOf(sick.id);
    const [first, second] = await Promise.all([
      commit(sick.id, linesTo(lines, [a])),
      commit(sick.id, linesTo(lines, [b])),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const winner = first!.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    for (const o of orders) {
      expect((await orderRow(f, o.id)).assignedRiderId).toBe(winner.id);
      const verbs = (await activitiesOf(f, o.id)).map((x) => x.verb);
      expect(verbs.filter((v) => v === 'reassigned')).toHaveLength(1);
    }
    expect(await pendingTasksOf(f, loser.id)).toEqual([]);
    expect(await pendingTasksOf(f, sick.id)).toEqual([]);
  });
});
