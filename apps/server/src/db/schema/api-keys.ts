import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './users';

/**
 * API keys of a lab's systems (docs/decisions/0066-api-keys.md). The key itself is never
 * stored: `secret_hash` is the SHA-256 (hex) of the whole key, which is a long random secret, so
 * a plain hash is enough (no salt or slow hash: nothing to guess). `scopes` are permission names.
 * Keys are revoked, never deleted: the audit trail and the list keep naming them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    /** The key's first characters, shown in lists (dsk_live_ and 8 of the secret). */
    prefix: text().notNull(),
    secretHash: text().notNull(),
    scopes: text().array().notNull(),
    /** The key's own rate-limit budget, requests a minute (ADR 0052, 0066). */
    rateLimitPerMinute: integer().notNull(),
    // Staff are deactivated, not deleted: a key keeps its creator. A deactivated creator's keys
    // are refused (the key acts for them).
    createdById: integer()
      .notNull()
      .references(() => users.id),
    created: tz().notNull().defaultNow(),
    /** Written at most once a minute per key and server (throttled). */
    lastUsedAt: tz(),
    revokedAt: tz(),
    revokedById: integer().references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    index('api_keys_created_idx').on(t.created, t.id),
  ],
);
