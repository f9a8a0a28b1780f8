import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderActivities } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { publishOrdersChanged } from '../../lib/realtime-publish';
import { enqueueOrderEvents, eventsOfActivities } from '../webhooks/public';

/** The order activity log: written in the transaction of the change it records (rule 4). */

export type ActivityInsert = typeof orderActivities.$inferInsert;

export async function insertActivities(tx: DbOrTx, rows: ActivityInsert[]) {
  if (rows.length === 0) return;
  await tx.insert(orderActivities).values(rows);
  // The lab's webhooks (ADR 0067): one delivery row per subscriber, in this same transaction.
  await enqueueOrderEvents(tx, eventsOfActivities(rows));
  await publishOrdersChanged(
    tx,
    rows.map((r) => r.orderId),
  ); // live dashboards, on commit
}

/** Newest first; id breaks ties between rows of one transaction (same now()). */
export async function listActivities(
  db: DbOrTx,
  orderId: number,
  page: { limit: number; offset: number },
) {
  const where = eq(orderActivities.orderId, orderId);
  const [results, [total]] = await Promise.all([
    db
      .select({
        id: orderActivities.id,
        verb: orderActivities.verb,
        description: orderActivities.description,
        created: orderActivities.created,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(orderActivities)
      .leftJoin(users, eq(users.id, orderActivities.actorId))
      .where(where)
      .orderBy(desc(orderActivities.created), desc(orderActivities.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orderActivities).where(where),
  ]);
  return { results, count: total?.n ?? 0 };
}

/** Whether the order has a `verb` row for this pickup time (data.pickup, ISO). */
export async function hasActivityForPickup(
  tx: DbOrTx,
  orderId: number,
  verb: string,
  pickup: Date,
): Promise<boolean> {
  const rows = await tx
    .select({ id: orderActivities.id })
    .from(orderActivities)
    .where(
      sql`${orderActivities.orderId} = ${orderId} and ${orderActivities.verb} = ${verb}
        and ${orderActivities.data}->>'pickup' = ${pickup.toISOString()}`,
    )
    .limit(1);
  return rows.length > 0;
}
