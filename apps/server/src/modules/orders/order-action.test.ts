import { ORDER_MESSAGES } from '@dastak/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { refused } from '../../lib/domain-errors';
import {
  activitiesOf,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { assignOrder, reassignOrderInTx } from './actions/order-assign.service';
import { runOrderAction } from './order-action';

/** runOrderAction's own promises; each action's behaviour is in the actions' tests. */

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

async function assignedTo(riderId: number) {
  const order = await placeOrder(f);
  await assignOrder(
    f.t.db,
    { vertical: 'blood', orderId: order.id, riderId, auto: false },
    f.staff,
  );
  return order;
}

/** The rows a statement locked, in the order the transaction asked for them. */
function recordLocks(tx: DbOrTx) {
  const locks: string[] = [];
  const session = Reflect.get(tx, 'session') as { logger: unknown };
  session.logger = {
    logQuery(query: string, params: unknown[]) {
      const table = /for update of "(\w+)"|from "(\w+)".*for update/is.exec(query);
      if (table) locks.push(`${table[1] ?? table[2]} ${params.join(',')}`);
    },
  };
  return locks;
}

describe('runOrderAction', () => {
  it('locks the order, then the riders it touches in ascending id order', async () => {
    const lower = await createRider(f);
    const higher = await createRider(f);
    const order = await assignedTo(higher.id);
    const locks = await f.t.db.transaction(async (tx) => {
      const locks = recordLocks(tx);
      await reassignOrderInTx(
        tx,
        {
          orderId: order.id,
          riderId: lower.id,
          reassignmentStringId: f.lookups.reassignment,
          reason: 'late',
        },
        f.staff,
      );
      return locks;
    });
    expect(locks).toEqual([
      `orders ${order.id}`,
      `rider_profiles ${lower.id}`,
      `rider_profiles ${higher.id}`,
    ]);
  });

  it('a step refused after the write leaves no state change, no activity row, the rider queued', async () => {
    const rider = await createRider(f);
    const order = await assignedTo(rider.id);
    const before = await orderRow(f, order.id);
    const rows = (await activitiesOf(f, order.id)).length;
    const action = runOrderAction(
      f.t.db,
      { action: 'cancel', actor: f.staff, target: { orderId: order.id }, detail: 'Cancelled' },
      async ({ update }) => {
        await update({ cancelledAt: new Date() });
        throw refused(ORDER_MESSAGES.RIDER_FULL);
      },
    );
    await expect(action).rejects.toMatchObject({ code: 'refused' });
    expect(await orderRow(f, order.id)).toMatchObject({
      state: 'assigned',
      version: before.version,
      assignedRiderId: rider.id,
      cancelledAt: null,
    });
    expect(await activitiesOf(f, order.id)).toHaveLength(rows);
    expect(await pendingTasksOf(f, rider.id)).toHaveLength(1);
  });

  it('refuses a state-changing step that never writes the order, and writes nothing', async () => {
    const order = await placeOrder(f);
    const rows = (await activitiesOf(f, order.id)).length;
    const action = runOrderAction(
      f.t.db,
      { action: 'cancel', actor: f.staff, target: { orderId: order.id }, detail: '' },
      async () => ({}),
    );
    await expect(action).rejects.toThrow('wrote no order');
    expect((await orderRow(f, order.id)).state).toBe('needsAssignment');
    expect(await activitiesOf(f, order.id)).toHaveLength(rows);
  });
});
