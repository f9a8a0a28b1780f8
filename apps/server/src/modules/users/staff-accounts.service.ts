import { ERRORS, RIDER_MESSAGES } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { USER_TYPES } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-errors';
import type { AuditAgent } from '../audit/audit.service';
import { recordUserChange } from '../audit/audit-users';
import { revokeSessionsIn } from '../auth/auth.service';
import type { TokenService } from '../auth/tokens';
import * as repo from './users.repository';
import { createStaffUser, type StaffUserInput } from './users.service';

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
  deps: { db: Db; tokens: TokenService },
  id: number,
  agent: AuditAgent,
) {
  if (id === agent.id) throw badRequest(ERRORS.CANNOT_DEACTIVATE_SELF);
  const user = await repo.findUserById(deps.db, id);
  if (!user || user.userType !== USER_TYPES.STAFF) throw notFound();
  // The account, its sessions and the audit row change together or not at all.
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { isActive: false });
    await recordUserChange(tx, 'U', user, { isActive: false }, agent);
    await revokeSessionsIn(tx, id);
  });
  deps.tokens.forgetUser(id);
  return toStaffAccount({ ...user, isActive: false });
}

/** A new staff account (the staff page; e2e specs make their own users with it). */
export async function createStaffAccount(db: Db, input: StaffUserInput, agent: AuditAgent) {
  if (await repo.findUserByEmail(db, input.email)) {
    throw badRequest(RIDER_MESSAGES.EMAIL_TAKEN, { email: [RIDER_MESSAGES.EMAIL_TAKEN] });
  }
  const user = await createStaffUser(db, input, agent);
  return toStaffAccount({ ...user, lastLogin: null });
}
