import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Webhook subscriptions (docs/decisions/0067-webhooks.md): an address, the events it wants and
 * the secret its deliveries are signed with. The secret is kept as is: the server must compute
 * the HMAC with it on every delivery, so a hash would not do.
 */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  url: text().notNull(),
  events: text().array().notNull(),
  description: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  secret: text().notNull(),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * One event for one subscription: the outbox of webhooks. Written in the transaction of the
 * order change (with its activity row). `sequence` numbers a subscription's events of one order;
 * the relay sends one only when every earlier one of the same (subscription, order) is delivered
 * or given up, which a generic outbox row cannot express.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    /** The event's id (Dastak-Event-Id); a 'send again' keeps it, so receivers can deduplicate. */
    eventId: text().notNull(),
    type: text().notNull(),
    /** The exact JSON body POSTed, fixed when the event happened (text: the signed bytes). */
    body: text().notNull(),
    state: text().notNull().default('pending'), // pending | sending | delivered | failed
    attempts: smallint().notNull().default(0),
    nextAttemptAt: tz().notNull().defaultNow(),
    claimedAt: tz(),
    claimedBy: text(),
    lastStatusCode: smallint(),
    lastError: text(),
    deliveredAt: tz(),
    redeliveryOf: integer(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_seq_uq').on(t.subscriptionId, t.orderId, t.sequence),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/** Every POST of a delivery: the log the console shows. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: tz().notNull().defaultNow(),
    statusCode: smallint(),
    error: text(),
    durationMs: integer().notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/** Samples already announced as at risk to webhooks: each order once (like push's notices). */
export const webhookSampleNotices = pgTable('webhook_sample_notices', {
  orderId: integer()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  notifiedAt: tz().notNull().defaultNow(),
});

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
