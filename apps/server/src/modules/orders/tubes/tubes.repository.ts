import type { OrderTube } from '@dastak/core/entities/tubes';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { OrderState } from '@dastak/core/states';
import { and, asc, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders, orderTubes } from '../../../db/schema/orders';

/** All SQL of the order's sample tubes (docs/decisions/0062). */

/** Orders past which a tube's label is free again: the sample reached the centre, or never will. */
const CLOSED_STATES: OrderState[] = ['delivered', 'cancelled'];

export async function listTubes(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderTubes)
    .where(inArray(orderTubes.orderId, [...orderIds]))
    .orderBy(asc(orderTubes.orderId), asc(orderTubes.id));
}

export const toOrderTube = (t: Awaited<ReturnType<typeof listTubes>>[number]): OrderTube => ({
  label: t.label,
  collectedAt: toKarachiIso(t.collectedAt),
  handedOverAt: t.handedOverAt ? toKarachiIso(t.handedOverAt) : null,
  flag: t.flag === 'missing' ? 'missing' : null,
});

/** The order's tubes for its detail and reply, oldest first. */
export async function listOrderTubes(db: DbOrTx, orderId: number): Promise<OrderTube[]> {
  return (await listTubes(db, [orderId])).map(toOrderTube);
}

/** Labels among `labels` already on another order still in progress, with that order's number. */
export function findLabelsOnLiveOrders(tx: DbOrTx, labels: readonly string[], orderId: number) {
  if (labels.length === 0) return Promise.resolve([]);
  return tx
    .select({ label: orderTubes.label, number: orders.number })
    .from(orderTubes)
    .innerJoin(orders, eq(orders.id, orderTubes.orderId))
    .where(
      and(
        inArray(orderTubes.label, [...labels]),
        ne(orderTubes.orderId, orderId),
        notInArray(orders.state, CLOSED_STATES),
      ),
    );
}

export async function insertTubes(
  tx: DbOrTx,
  orderId: number,
  labels: readonly string[],
  collectedAt: Date,
  collectedById: number | null,
) {
  if (labels.length === 0) return;
  await tx
    .insert(orderTubes)
    .values(labels.map((label) => ({ orderId, label, collectedAt, collectedById })))
    .onConflictDoNothing();
}

/** Stamps the handover of the scanned tubes and flags the rest of the orders' tubes missing. */
export async function recordHandover(
  tx: DbOrTx,
  orderIds: readonly number[],
  handedOver: readonly string[],
  at: Date,
) {
  if (orderIds.length === 0) return;
  const ofOrders = and(inArray(orderTubes.orderId, [...orderIds]), isNull(orderTubes.handedOverAt));
  if (handedOver.length > 0) {
    await tx
      .update(orderTubes)
      .set({ handedOverAt: at, flag: null })
      .where(and(ofOrders, inArray(orderTubes.label, [...handedOver])));
  }
  await tx.update(orderTubes).set({ flag: 'missing' }).where(ofOrders);
}
