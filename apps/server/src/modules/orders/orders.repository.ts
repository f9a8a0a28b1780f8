import type { OrderState, Vertical } from '@dastak/core/states';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { customerAddresses, customers } from '../../db/schema/customers';
import { orderNumberCounters, orderScanTypes, orders, partialOrders } from '../../db/schema/orders';

/** SQL on the orders table and the rows written with an order. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type OrderPatch = Partial<
  Omit<OrderInsert, 'id' | 'number' | 'created' | 'version' | 'modifiedById'>
>;

/** SELECT ... FOR UPDATE: every action on an order holds the row until it commits. */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Locks several orders in id order, so two multi-order actions cannot deadlock. */
export async function lockOrders(tx: DbOrTx, orderIds: readonly number[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id))
    .for('update');
}

/** The rider's orders in a state, locked in id order (force deliver). */
export async function lockRiderOrdersInState(
  tx: DbOrTx,
  riderId: number,
  state: OrderState,
  vertical?: Vertical,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.assignedRiderId, riderId),
        eq(orders.state, state),
        vertical ? eq(orders.vertical, vertical) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * Every change of an order goes through here, under the order's lock (loadOrder): it counts the
 * change in `version` and names who made it (null for a job), so an edit sent with a stale
 * If-Match is refused (ADR 0056) whatever changed the order meanwhile.
 */
export async function updateOrder(
  tx: DbOrTx,
  orderId: number,
  patch: OrderPatch,
  modifiedById: number | null,
) {
  const [row] = await tx
    .update(orders)
    .set({ ...patch, version: sql`${orders.version} + 1`, modifiedById })
    .where(eq(orders.id, orderId))
    .returning();
  return row as OrderRow;
}

export async function insertOrder(tx: DbOrTx, values: OrderInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row as OrderRow;
}

/** The day's next sequence for order numbers; the upsert serialises concurrent creates. */
export async function nextOrderSequence(tx: DbOrTx, vertical: Vertical, day: string) {
  const [row] = await tx
    .insert(orderNumberCounters)
    .values({ vertical, day, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [orderNumberCounters.vertical, orderNumberCounters.day],
      set: { lastSeq: sql`${orderNumberCounters.lastSeq} + 1` },
    })
    .returning({ lastSeq: orderNumberCounters.lastSeq });
  return row!.lastSeq;
}

export type OrderLine = { scanTypeId: number; count: number; value: number };

export async function insertOrderScanTypes(tx: DbOrTx, orderId: number, lines: OrderLine[]) {
  if (lines.length === 0) return;
  await tx.insert(orderScanTypes).values(lines.map((l) => ({ orderId, ...l })));
}

export async function replaceOrderScanTypes(tx: DbOrTx, orderId: number, lines: OrderLine[]) {
  await tx.delete(orderScanTypes).where(eq(orderScanTypes.orderId, orderId));
  await insertOrderScanTypes(tx, orderId, lines);
}

/** The stability windows of the order's tests (null: the vertical's default; ADR 0048). */
export function listOrderTestWindows(tx: DbOrTx, orderId: number) {
  return tx
    .select({ vertical: scanTypes.vertical, stabilityHours: scanTypes.stabilityHours })
    .from(orderScanTypes)
    .innerJoin(scanTypes, eq(scanTypes.id, orderScanTypes.scanTypeId))
    .where(eq(orderScanTypes.orderId, orderId));
}

/**
 * Whether the order's address is still there: Mark Wrong Pin and Delete Address delete it. A pin
 * outside every region (not valid) is what verifying an order is for, so validity is not asked.
 */
export async function isOrderAddressUsable(tx: DbOrTx, addressId: number | null) {
  if (addressId === null) return false;
  const [row] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), isNull(customerAddresses.deletedAt)));
  return row !== undefined;
}

export async function countOrderScanTypes(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderScanTypes)
    .where(eq(orderScanTypes.orderId, orderId));
  return row?.n ?? 0;
}

/** Keeps the customers list's denormalised order count and last order (schema comment). */
export async function recordCustomerOrder(
  tx: DbOrTx,
  customerId: number,
  order: { id: number; created: Date },
  hearAboutId?: number | null,
) {
  await tx
    .update(customers)
    .set({
      numberOfOrders: sql`${customers.numberOfOrders} + 1`,
      lastOrderId: order.id,
      lastOrderAt: order.created,
      ...(hearAboutId ? { hasFilledHearAboutUs: true, hearAboutId } : {}),
    })
    .where(eq(customers.id, customerId));
}

/** Marks a NEW partial order CONVERTED; false when there is no such NEW partial order. */
export async function convertPartialOrder(tx: DbOrTx, partialOrderId: number): Promise<boolean> {
  const rows = await tx
    .update(partialOrders)
    .set({ state: 'CONVERTED' })
    .where(and(eq(partialOrders.id, partialOrderId), eq(partialOrders.state, 'NEW')))
    .returning({ id: partialOrders.id });
  return rows.length > 0;
}

export async function orderExists(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return !!row;
}

/** The order's vertical, or null when there is no such order (Copy Order's source). */
/** The order's vertical, version and last editor (a stale edit's 409, ADR 0056). */
export async function findOrderVersion(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      vertical: orders.vertical,
      version: orders.version,
      modifiedById: orders.modifiedById,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

export async function findOrderVertical(tx: DbOrTx, orderId: number): Promise<Vertical | null> {
  const [row] = await tx
    .select({ vertical: orders.vertical })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.vertical ?? null;
}
