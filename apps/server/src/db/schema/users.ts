import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';

/** Staff, riders and customers who log in share this table; userType tells them apart (§6). */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    phone: text(),
    userType: smallint().notNull(),
    isActive: boolean().notNull().default(true),
    dateJoined: tz().notNull().defaultNow(),
    lastLogin: tz(),
    /** Push-notification player id sent at login. */
    playerId: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_type_idx').on(t.userType),
    // Rider search (spec §5): substring match on phone and on the full name.
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const permissions = pgTable('permissions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/**
 * Refresh tokens are stored hashed. Each login starts a family; a refresh rotates within it, and
 * presenting a token that was already rotated revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    expiresAt: tz().notNull(),
    rotatedAt: tz(),
    revokedAt: tz(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * A signed-in session: one login, the family of its refresh tokens (id = their familyId). Every
 * access token names its session; ending the session (revokedAt) ends the token at once
 * (docs/decisions/0053-sessions-that-end.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text(),
    created: tz().notNull().defaultNow(),
    lastSeenAt: tz().notNull().defaultNow(),
    revokedAt: tz(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: tz().notNull(),
  usedAt: tz(),
  created: tz().notNull().defaultNow(),
});

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text().notNull().unique(),
  keys: jsonb().$type<{ p256dh: string; auth: string }>().notNull(),
  ...timestamps,
});

/** Server secrets made on first start (JWT signing key, VAPID keys) so restarts keep sessions. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  created: tz().notNull().defaultNow(),
});
