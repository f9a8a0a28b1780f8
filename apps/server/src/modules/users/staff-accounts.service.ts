import { ERRORS, RIDER_MESSAGES } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { USER_TYPES } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import { type AuditAgent, recordUserChange } from '../audit/public';
import * as repo from './users.repository';
import { createStaffUser, type StaffUserInput } from './users.service';

/**
 * How a deactivation ends the account's sessions. Sessions are auth's, and auth sits above users
 * (it signs users in), so the routes' registration passes auth's functions in
 * (docs/decisions/0059-import-boundaries.md).
 */
export interface SessionEnder {
  /** In the deactivation's transaction: the refresh tokens revoked, every server told. */
  revokeSessionsIn(tx: DbOrTx, userId: number): Promise<void>;
  /** This server's cache of verified access tokens drops the user. */
  forgetUser(userId: number): void;
}

type StaffAccountRow = Awaited<ReturnType<typeof repo.listStaffAccounts>>[number];

const toStaffAccount = (r: StaffAccountRow) => ({
  id: r.id,
  fullName: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  isActive: r.isActive,
  lastLogin: r.lastLogin ? toKarachiIso(r.lastLogin) : null,
});

export async function listStaffAccounts(db: Db) {
  return (await repo.listStaffAccounts(db)).map(toStaffAccount);
}

/**
 * Deactivates a staff account and ends its sessions at once, in every server (ADR 0030, 0053):
 * the password, the refresh tokens and the access tokens all stop working.
 */
export async function deactivateStaffUser(
  deps: { db: Db; sessions: SessionEnder },
  id: number,
  agent: AuditAgent,
) {
  if (id === agent.id) throw invalid(ERRORS.CANNOT_DEACTIVATE_SELF);
  const user = await repo.findUserById(deps.db, id);
  if (!user || user.userType !== USER_TYPES.STAFF) throw notFound();
  // The account, its sessions and the audit row change together or not at all.
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { isActive: false });
    await recordUserChange(tx, 'U', user, { isActive: false }, agent);
    await deps.sessions.revokeSessionsIn(tx, id);
  });
  deps.sessions.forgetUser(id);
  return toStaffAccount({ ...user, isActive: false });
}

/** A new staff account (the staff page; e2e specs make their own users with it). */
export async function createStaffAccount(db: Db, input: StaffUserInput, agent: AuditAgent) {
  if (await repo.findUserByEmail(db, input.email)) {
    throw invalid(RIDER_MESSAGES.EMAIL_TAKEN, { email: [RIDER_MESSAGES.EMAIL_TAKEN] });
  }
  const user = await createStaffUser(db, input, agent);
  return toStaffAccount({ ...user, lastLogin: null });
}
