import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { publicLinks } from './feedback';
import { users } from './users';

/**
 * Transactional outbox: work that leaves the process (emails, web push) is written in the same
 * transaction as the change that causes it and relayed by a job polling with SKIP LOCKED.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(), // 'email' | 'push' | 'sms'
    payload: jsonb().notNull(),
    /** A text message to a customer carries the public link it sends (ADR 0038). */
    linkId: text().references(() => publicLinks.id, { onDelete: 'cascade' }),
    state: text().notNull().default('pending'), // pending | sending | sent | failed
    attempts: smallint().notNull().default(0),
    runAt: tz().notNull().defaultNow(),
    /** While 'sending': when (database clock) and by which instance the message was claimed. */
    claimedAt: tz(),
    claimedBy: text(),
    lastError: text(),
    sentAt: tz(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.state, t.runAt),
    index('outbox_link_idx').on(t.linkId).where(sql`${t.linkId} is not null`),
  ],
);

/** Creates honour an Idempotency-Key: the same key and body returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    key: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    route: text().notNull(),
    requestHash: text().notNull(),
    statusCode: smallint(),
    response: jsonb(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_key_uq').on(t.key, t.userId, t.route)],
);
