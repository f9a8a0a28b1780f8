import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';

/**
 * One page of a customer's orders (newest booking first, orders_customer_created_idx) or of a
 * rider's (newest pickup first, orders_rider_pickup_idx), with their count.
 */
export async function orderHistoryPage(
  db: DbOrTx,
  of: { customerId: number } | { riderId: number },
  p: { limit: number; offset: number },
) {
  const [where, newestFirst] =
    'customerId' in of
      ? [eq(orders.customerId, of.customerId), orders.created]
      : [eq(orders.assignedRiderId, of.riderId), orders.pickup];
  const [results, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        state: orders.state,
        pickup: orders.pickup,
        address: orders.address,
        created: orders.created,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(newestFirst), desc(orders.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { results, count: total?.n ?? 0 };
}
