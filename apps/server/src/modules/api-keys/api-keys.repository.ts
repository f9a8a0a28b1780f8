import { type Column, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';

/** All SQL of API keys (docs/decisions/0066-api-keys.md). */

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

const fullName = (u: { firstName: Column; lastName: Column; email: Column }) =>
  sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.email})`;

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  rateLimitPerMinute: apiKeys.rateLimitPerMinute,
  createdById: apiKeys.createdById,
  createdByName: fullName(creator),
  created: apiKeys.created,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  revokedById: apiKeys.revokedById,
  revokedByName: sql<
    string | null
  >`case when ${revoker.id} is null then null else ${fullName(revoker)} end`,
};

const withNames = (db: DbOrTx) =>
  db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(creator, eq(creator.id, apiKeys.createdById))
    .leftJoin(revoker, eq(revoker.id, apiKeys.revokedById));

export async function listKeys(db: DbOrTx, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    withNames(db)
      .orderBy(desc(apiKeys.created), desc(apiKeys.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(apiKeys),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findKey(db: DbOrTx, id: number) {
  const [row] = await withNames(db).where(eq(apiKeys.id, id));
  return row;
}

export async function insertKey(db: DbOrTx, row: typeof apiKeys.$inferInsert) {
  const [key] = await db.insert(apiKeys).values(row).returning({ id: apiKeys.id });
  return key!;
}

/** Revokes a live key; undefined when it was revoked already (or is not there). */
export async function revokeKey(db: DbOrTx, id: number, byUserId: number) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedById: byUserId })
    .where(sql`${apiKeys.id} = ${id} and ${apiKeys.revokedAt} is null`)
    .returning({ id: apiKeys.id, createdById: apiKeys.createdById });
  return row;
}

/** The live key of this hash, with its creator's standing now (the key acts for them). */
export async function findLiveKeyByHash(db: DbOrTx, secretHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      rateLimitPerMinute: apiKeys.rateLimitPerMinute,
      createdById: apiKeys.createdById,
      creatorEmail: users.email,
      creatorActive: users.isActive,
      creatorType: users.userType,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(sql`${apiKeys.secretHash} = ${secretHash} and ${isNull(apiKeys.revokedAt)}`);
  return row;
}

/** The last use, to the minute: written at most once a minute per key and server. */
export async function touchLastUsed(db: DbOrTx, id: number) {
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, id));
}

export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;
