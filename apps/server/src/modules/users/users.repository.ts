import { localPhone } from '@dastak/core/rules/phone';
import { USER_TYPES } from '@dastak/core/states';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissions, userPermissions, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * The account the rider app signs in with (ADR 0063): an email's, or the one rider's whose
 * mobile number it is, however typed. A number two riders share signs neither in.
 */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  if (login.includes('@')) return findUserByEmail(db, login.trim());
  const phone = localPhone(login);
  if (!phone) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.userType, USER_TYPES.RIDER)))
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** False only on a database nobody has started yet (no admin, no staff, no riders). */
export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user as a named reference ('Sara Khan'); null for no id or an unknown one. */
export async function findUserRef(
  db: DbOrTx,
  id: number | null,
): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() } : null;
}

export async function listPermissionNames(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(permissions.name);
  return rows.map((r) => r.name);
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Permission rows exist for every name in core; inserted on start, never duplicated. */
export async function ensurePermissions(db: DbOrTx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(permissions)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

export async function grantPermissions(db: DbOrTx, userId: number, names: readonly string[]) {
  if (names.length === 0) return;
  const rows = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  if (rows.length === 0) return;
  await db
    .insert(userPermissions)
    .values(rows.map((p) => ({ userId, permissionId: p.id })))
    .onConflictDoNothing();
}

export async function revokePermissions(db: DbOrTx, userId: number, names: readonly string[]) {
  if (names.length === 0) return;
  const ids = db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await db
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, userId), inArray(userPermissions.permissionId, ids)));
}

export async function listStaff(db: DbOrTx, userType: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.userType, userType), eq(users.isActive, true)))
    .orderBy(users.firstName, users.lastName);
}

/** Every staff account, active or not (the staff admin page). */
export async function listStaffAccounts(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isActive: users.isActive,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .where(eq(users.userType, USER_TYPES.STAFF))
    .orderBy(users.firstName, users.lastName, users.id);
}

/** Full names by user id (activity descriptions name the actor and riders). */
export async function userNames(tx: DbOrTx, ids: readonly (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}
