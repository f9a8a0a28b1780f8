import type { User } from '@dastak/core/entities/auth';
import { emailSchema, firstNameSchema, lastNameSchema } from '@dastak/core/entities/common';
import { ALL_PERMISSIONS, type PermissionName } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { publishSessionsChanged } from '../../lib/realtime-publish';
import { type AuditAgent, recordUserChange } from '../audit/public';
import * as repo from './users.repository';

export interface StaffUserInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  permissions: readonly string[];
}

/** The API's user object (spec §7 Auth: firstName, lastName, userType, userPermissions). */
export async function toUserDto(db: Db, row: repo.UserRow): Promise<User> {
  const names = await repo.listPermissionNames(db, row.id);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    userType: row.userType as User['userType'],
    userPermissions: names.map((name) => ({ name })),
  };
}
export type UserDto = User;

export function unknownPermissions(names: readonly string[]): string[] {
  return names.filter((n) => !ALL_PERMISSIONS.includes(n as PermissionName));
}

/** A staff user's name and email follow the same rules as a rider's and a customer's (ADR 0050). */
const staffIdentitySchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});

/**
 * A staff user with their permissions, and its audit row. `agent` is who made it: the signed-in
 * admin on the staff page, the host account at the command line and at first start (the default).
 */
export async function createStaffUser(
  db: Db,
  given: StaffUserInput,
  agent?: AuditAgent,
): Promise<repo.UserRow> {
  const identity = staffIdentitySchema.safeParse(given);
  if (!identity.success) {
    const issues = identity.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid staff user: ${issues.join('; ')}`);
  }
  const input = { ...given, ...identity.data };
  const bad = unknownPermissions(input.permissions);
  if (bad.length) throw new Error(`Unknown permission(s): ${bad.join(', ')}`);
  if (await repo.findUserByEmail(db, input.email)) {
    throw new Error(`A user with email ${input.email} already exists`);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await repo.ensurePermissions(tx, ALL_PERMISSIONS);
    const user = await repo.insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      userType: USER_TYPES.STAFF,
    });
    await repo.grantPermissions(tx, user.id, input.permissions);
    await recordUserChange(tx, 'C', user, { permissions: [...input.permissions] }, agent);
    return user;
  });
}

export async function setPermissions(
  db: Db,
  email: string,
  change: { grant?: readonly string[]; revoke?: readonly string[] },
) {
  const bad = unknownPermissions([...(change.grant ?? []), ...(change.revoke ?? [])]);
  if (bad.length) throw new Error(`Unknown permission(s): ${bad.join(', ')}`);
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new Error(`No user with email ${email}`);
  await db.transaction(async (tx) => {
    await repo.grantPermissions(tx, user.id, change.grant ?? []);
    await repo.revokePermissions(tx, user.id, change.revoke ?? []);
    await recordUserChange(tx, 'U', user, {
      grant: change.grant ?? [],
      revoke: change.revoke ?? [],
    });
    // Every server reads the user's permissions again on their next request (ADR 0053).
    await publishSessionsChanged(tx, user.id);
  });
  return repo.listPermissionNames(db, user.id);
}

export async function listStaffUsers(db: Db) {
  const rows = await repo.listStaff(db, USER_TYPES.STAFF);
  return rows.map((r) => ({
    id: r.id,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
  }));
}
