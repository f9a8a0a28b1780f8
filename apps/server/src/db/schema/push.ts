import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { regions } from './locations';
import { orders } from './orders';
import { pushSubscriptions } from './users';

/**
 * Web push (docs/decisions/0029-web-push.md). Users carry no regions of their own, so a browser's
 * subscription follows the regions its dashboard shows; a push for an order goes to the
 * subscriptions following the order's region.
 */
export const pushSubscriptionRegions = pgTable(
  'push_subscription_regions',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  // The recipients query starts from the order's region.
  (t) => [primaryKey({ columns: [t.regionId, t.subscriptionId] })],
);

/** Orders already announced as late with no rider: the sweep notifies each order once. */
export const pushLateNotices = pgTable('push_late_notices', {
  orderId: integer()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  notifiedAt: tz().notNull().defaultNow(),
});

/**
 * Collected samples already announced as at risk of expiring (ADR 0048): the stability
 * sweep notifies each order once.
 */
export const pushSampleNotices = pgTable('push_sample_notices', {
  orderId: integer()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  notifiedAt: tz().notNull().defaultNow(),
});
