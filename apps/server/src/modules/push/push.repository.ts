import { PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES, type Vertical } from '@dastak/core/states';
import { and, eq, exists, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { regions } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { pushLateNotices, pushSampleNotices, pushSubscriptionRegions } from '../../db/schema/push';
import { permissions, pushSubscriptions, userPermissions, users } from '../../db/schema/users';

/** All SQL of web push (docs/decisions/0029-web-push.md). */

export interface StoredSubscription {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Saves a browser's subscription for this user. An endpoint belongs to one browser profile, so a
 * second user signing in on it takes it over (the previous user stops getting its pushes).
 */
export async function upsertSubscription(
  tx: DbOrTx,
  userId: number,
  endpoint: string,
  keys: { p256dh: string; auth: string },
): Promise<number> {
  const [row] = await tx
    .insert(pushSubscriptions)
    .values({ userId, endpoint, keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, keys, modified: new Date() },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** The regions a subscription follows become exactly these (unknown region ids are skipped). */
export async function replaceRegions(tx: DbOrTx, subscriptionId: number, regionIds: number[]) {
  await tx
    .delete(pushSubscriptionRegions)
    .where(eq(pushSubscriptionRegions.subscriptionId, subscriptionId));
  if (regionIds.length === 0) return;
  const known = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(inArray(regions.id, regionIds));
  if (known.length === 0) return;
  await tx
    .insert(pushSubscriptionRegions)
    .values(known.map((r) => ({ subscriptionId, regionId: r.id })));
}

export async function regionsOf(db: DbOrTx, subscriptionId: number): Promise<number[]> {
  const rows = await db
    .select({ regionId: pushSubscriptionRegions.regionId })
    .from(pushSubscriptionRegions)
    .where(eq(pushSubscriptionRegions.subscriptionId, subscriptionId))
    .orderBy(pushSubscriptionRegions.regionId);
  return rows.map((r) => r.regionId);
}

/** Removes the user's own subscription with this endpoint; true when there was one. */
export async function deleteUserSubscription(db: Db, userId: number, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscription(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** What a send needs of a subscription. */
const subscriptionColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  keys: pushSubscriptions.keys,
};

/**
 * Subscriptions that receive a region's alerts: following the region, of an active staff user
 * who may still view the dashboard (a permission taken away stops the pushes at once).
 */
export async function listRecipients(db: Db, regionId: number): Promise<StoredSubscription[]> {
  return db
    .select(subscriptionColumns)
    .from(pushSubscriptionRegions)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushSubscriptionRegions.subscriptionId))
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptionRegions.regionId, regionId),
        eq(users.isActive, true),
        eq(users.userType, USER_TYPES.STAFF),
        exists(
          db
            .select({ one: sql`1` })
            .from(userPermissions)
            .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
            .where(
              and(
                eq(userPermissions.userId, users.id),
                eq(permissions.name, PERMISSIONS.CAN_VIEW_DASHBOARD),
              ),
            ),
        ),
      ),
    );
}

/** A rider's own phones (the rider app): the rider active, whatever the regions. */
export async function listRiderSubscriptions(
  db: Db,
  riderId: number,
): Promise<StoredSubscription[]> {
  return db
    .select(subscriptionColumns)
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.userId, riderId),
        eq(users.isActive, true),
        eq(users.userType, USER_TYPES.RIDER),
      ),
    );
}

export interface PushOrder {
  id: number;
  number: string;
  vertical: Vertical;
  regionId: number;
  regionName: string;
  pickup: Date;
}

const pushOrderColumns = {
  id: orders.id,
  number: orders.number,
  vertical: orders.vertical,
  regionId: orders.regionId,
  regionName: regions.name,
  pickup: orders.pickup,
};

export async function findPushOrder(db: Db, orderId: number): Promise<PushOrder | undefined> {
  const [row] = await db
    .select(pushOrderColumns)
    .from(orders)
    .innerJoin(regions, eq(regions.id, orders.regionId))
    .where(eq(orders.id, orderId));
  return row;
}

/** Waiting states: no rider yet. 'problem' orders were announced when they were escalated. */
const LATE_WAITING_STATES = ['scheduled', 'needsAssignment'] as const;

/**
 * Claims the orders that are late with no rider and not yet announced: slot start + grace has
 * passed (at most `lookbackMs` ago) and no rider is assigned. The claim is one insert, so two
 * instances sweeping at once announce each order once.
 */
export async function claimLateOrders(
  db: Db,
  now: Date,
  graceMs: number,
  lookbackMs: number,
): Promise<PushOrder[]> {
  const lateBefore = new Date(now.getTime() - graceMs);
  const lateAfter = new Date(lateBefore.getTime() - lookbackMs);
  const late = db
    .select({
      orderId: orders.id,
      notifiedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('notified_at'),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.state, [...LATE_WAITING_STATES]),
        isNull(orders.assignedRiderId),
        lte(orders.pickup, lateBefore),
        gt(orders.pickup, lateAfter),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushLateNotices)
            .where(eq(pushLateNotices.orderId, orders.id)),
        ),
      ),
    );
  const claimed = await db
    .insert(pushLateNotices)
    .select(late)
    .onConflictDoNothing()
    .returning({ orderId: pushLateNotices.orderId });
  if (claimed.length === 0) return [];
  return db
    .select(pushOrderColumns)
    .from(orders)
    .innerJoin(regions, eq(regions.id, orders.regionId))
    .where(
      inArray(
        orders.id,
        claimed.map((c) => c.orderId),
      ),
    );
}

/**
 * Claims the samples not yet announced as at risk (ADR 0048) among these orders and
 * returns their ids; one insert, so two instances sweeping at once announce each sample once.
 */
export async function claimSampleNotices(
  db: Db,
  orderIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const claimed = await db
    .insert(pushSampleNotices)
    .values(orderIds.map((orderId) => ({ orderId, notifiedAt: now })))
    .onConflictDoNothing()
    .returning({ orderId: pushSampleNotices.orderId });
  return new Set(claimed.map((c) => c.orderId));
}
