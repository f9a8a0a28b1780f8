import type { WebhookDeliveryState } from '@dastak/core/entities/webhooks';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookSampleNotices,
  webhookSubscriptions,
} from '../../db/schema/webhooks';

/** All SQL of webhooks (docs/decisions/0067-webhooks.md). */

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

export async function listSubscriptions(db: DbOrTx) {
  return db.select().from(webhookSubscriptions).orderBy(webhookSubscriptions.id);
}

export async function findSubscription(db: DbOrTx, id: number) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

export async function insertSubscription(
  db: DbOrTx,
  values: typeof webhookSubscriptions.$inferInsert,
) {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof webhookSubscriptions.$inferInsert>,
) {
  const [row] = await db
    .update(webhookSubscriptions)
    .set(patch)
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  return row;
}

export async function deleteSubscription(db: DbOrTx, id: number) {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/** Pending (pending or sending) and failed deliveries per subscription. */
export async function deliveryCounts(db: DbOrTx) {
  const rows = await db
    .select({
      subscriptionId: webhookDeliveries.subscriptionId,
      state: webhookDeliveries.state,
      n: count(),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.state, ['pending', 'sending', 'failed']))
    .groupBy(webhookDeliveries.subscriptionId, webhookDeliveries.state);
  const counts = new Map<number, { pending: number; failed: number }>();
  for (const r of rows) {
    const c = counts.get(r.subscriptionId) ?? { pending: 0, failed: 0 };
    if (r.state === 'failed') c.failed += r.n;
    else c.pending += r.n;
    counts.set(r.subscriptionId, c);
  }
  return counts;
}

/** Across all subscriptions, for the metrics gauge. */
export async function backlog(db: DbOrTx) {
  const rows = await db
    .select({ state: webhookDeliveries.state, n: count() })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.state, ['pending', 'sending', 'failed']))
    .groupBy(webhookDeliveries.state);
  const by = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  return { pending: (by.pending ?? 0) + (by.sending ?? 0), failed: by.failed ?? 0 };
}

/** The active subscriptions that want any of these event types. */
export async function subscribersOf(db: DbOrTx, types: readonly string[]) {
  return db
    .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.isActive, true),
        sql`${webhookSubscriptions.events} && ${sql`array[${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}`,
      ),
    );
}

/** What an event tells of its order: no patient data, only what the lab matches orders on. */
export async function orderSnapshots(db: DbOrTx, ids: readonly number[]) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      vertical: orders.vertical,
      state: orders.state,
      pickup: orders.pickup,
      assignedRiderId: orders.assignedRiderId,
      collectionCenterId: orders.collectionCenterId,
      collectedAt: orders.collectedAt,
      deliveredAt: orders.deliveredAt,
      sampleExpiresAt: orders.sampleExpiresAt,
    })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Serialises the numbering of one order's events across transactions: held to commit, so the
 * sequence numbers follow the commit order (an order change also holds the order's row lock;
 * the at-risk sweep does not).
 */
export async function lockOrderEvents(tx: DbOrTx, orderId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(67067, ${orderId})`);
}

export async function nextSequence(tx: DbOrTx, subscriptionId: number, orderId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${webhookDeliveries.sequence}), 0)::int + 1` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        eq(webhookDeliveries.orderId, orderId),
      ),
    );
  return row?.n ?? 1;
}

export async function insertDelivery(tx: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(db: DbOrTx, subscriptionId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.subscriptionId, subscriptionId)));
  return row;
}

/** A subscription's deliveries, newest first, with their order's number and their attempts. */
export async function listDeliveries(
  db: DbOrTx,
  subscriptionId: number,
  filter: { state?: WebhookDeliveryState | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    filter.state ? eq(webhookDeliveries.state, filter.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: webhookDeliveries, orderNumber: orders.number })
      .from(webhookDeliveries)
      .leftJoin(orders, eq(orders.id, webhookDeliveries.orderId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const ids = rows.map((r) => r.d.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(webhookAttempts.id);
  const byDelivery = new Map<number, (typeof attempts)[number][]>();
  for (const a of attempts)
    byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      ...r.d,
      orderNumber: r.orderNumber,
      log: byDelivery.get(r.d.id) ?? [],
    })),
  };
}

/**
 * Claims up to `limit` due deliveries for `holder`. A delivery is due only when no earlier one
 * of its (subscription, order) is still pending or sending: events of an order go out in order,
 * one at a time, so one batch never holds two of the same (subscription, order).
 */
export async function claimDue(db: DbOrTx, limit: number, holder: string) {
  const d = webhookDeliveries;
  return db
    .update(d)
    .set({
      state: 'sending',
      attempts: sql`${d.attempts} + 1`,
      claimedAt: sql`now()`,
      claimedBy: holder,
    })
    .where(
      inArray(
        d.id,
        db
          .select({ id: d.id })
          .from(d)
          .where(
            and(
              eq(d.state, 'pending'),
              sql`${d.nextAttemptAt} <= now()`,
              sql`not exists (select 1 from webhook_deliveries p
                where p.subscription_id = ${d.subscriptionId} and p.order_id = ${d.orderId}
                  and p.sequence < ${d.sequence} and p.state in ('pending', 'sending'))`,
              sql`exists (select 1 from webhook_subscriptions s
                where s.id = ${d.subscriptionId} and s.is_active)`,
            ),
          )
          .orderBy(d.id)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

const heldBy = (id: number, holder: string) =>
  and(
    eq(webhookDeliveries.id, id),
    eq(webhookDeliveries.state, 'sending'),
    eq(webhookDeliveries.claimedBy, holder),
  );

export async function renewClaim(db: DbOrTx, id: number, holder: string) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ claimedAt: sql`now()` })
    .where(heldBy(id, holder))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function subscriptionSecret(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ url: webhookSubscriptions.url, secret: webhookSubscriptions.secret })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id));
  return row;
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records one POST and settles the delivery, while `holder` still holds it: delivered; back to
 * pending after `retryInMs`; or failed for good when null. Returns false when the claim was lost.
 */
export async function settleAttempt(
  db: DbOrTx,
  id: number,
  holder: string,
  outcome: AttemptOutcome,
  result: { delivered: true } | { delivered: false; retryInMs: number | null },
) {
  return db.transaction(async (tx) => {
    const patch = result.delivered
      ? { state: 'delivered', deliveredAt: sql`now()`, lastError: null }
      : result.retryInMs === null
        ? { state: 'failed', lastError: outcome.error }
        : {
            state: 'pending',
            lastError: outcome.error,
            nextAttemptAt: sql`now() + ${`${result.retryInMs} milliseconds`}::interval`,
          };
    const rows = await tx
      .update(webhookDeliveries)
      .set({ ...patch, lastStatusCode: outcome.statusCode, claimedAt: null, claimedBy: null })
      .where(heldBy(id, holder))
      .returning({ id: webhookDeliveries.id });
    await tx.insert(webhookAttempts).values({ deliveryId: id, ...outcome });
    return rows.length > 0;
  });
}

/** How long ago (database clock) the delivery's event happened, in ms. */
export async function ageMs(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ms: sql<number>`(extract(epoch from now() - ${webhookDeliveries.created}) * 1000)::float8`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  return Number(row?.ms ?? 0);
}

/** Puts back the claims older than `staleMs` (all of them with 0): their holder died or hung. */
export async function requeueStuck(db: DbOrTx, staleMs: number) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', claimedAt: null, claimedBy: null })
    .where(
      and(
        eq(webhookDeliveries.state, 'sending'),
        or(
          isNull(webhookDeliveries.claimedAt),
          lt(webhookDeliveries.claimedAt, sql`now() - ${`${staleMs} milliseconds`}::interval`),
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Claims the at-risk notice of each order once, across sweeps and instances. */
export async function claimSampleNotices(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Set<number>();
  const rows = await db
    .insert(webhookSampleNotices)
    .values(orderIds.map((orderId) => ({ orderId })))
    .onConflictDoNothing()
    .returning({ orderId: webhookSampleNotices.orderId });
  return new Set(rows.map((r) => r.orderId));
}
