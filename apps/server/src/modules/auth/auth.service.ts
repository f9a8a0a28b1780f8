import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, REFRESH_TOKEN_TTL_DAYS } from '@dastak/core/constants';
import { ERRORS, SUCCESS } from '@dastak/core/messages';
import type { Db } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/http-errors';
import { enqueueEmail } from '../notifications/notifications.repository';
import * as usersRepo from '../users/users.repository';
import { toUserDto } from '../users/users.service';
import * as repo from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import type { TokenService } from './tokens';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  publicUrl: string;
}

/** How tokens are stored: only their hash, so a database read does not hand out sessions. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('base64url');
const daysFromNow = (d: number) => new Date(Date.now() + d * 86_400_000);

// A real hash of nothing, so a login for an unknown email costs the same time as a wrong password.
const dummyHash = hashPassword(randomUUID());

async function issueTokens(deps: AuthDeps, user: usersRepo.UserRow, familyId: string) {
  const dto = await toUserDto(deps.db, user);
  const token = await deps.tokens.signAccess({
    id: user.id,
    email: user.email,
    userType: user.userType,
    permissions: dto.userPermissions.map((p) => p.name),
  });
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(deps.db, {
    userId: user.id,
    tokenHash: sha256(refreshToken),
    familyId,
    expiresAt: daysFromNow(REFRESH_TOKEN_TTL_DAYS),
  });
  return { token, refreshToken, user: dto };
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; playerId?: string | null },
) {
  const user = await usersRepo.findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok || !user.isActive) throw badRequest(ERRORS.INVALID_CREDENTIALS);
  await usersRepo.updateUser(deps.db, user.id, {
    lastLogin: new Date(),
    ...(input.playerId ? { playerId: input.playerId } : {}),
  });
  return issueTokens(deps, user, randomUUID());
}

/**
 * How long a rotated refresh token is still honoured (ADR 0045). A console that reloads (or a
 * second tab that refreshes) while a rotation is in flight presents the token the server has
 * just rotated, and never received its successor: without a grace, that user is signed out.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Rotates the refresh token. Presenting one that was rotated longer ago than the grace means it
 * leaked (or was replayed): the whole family is revoked and the user must log in again. Within
 * the grace the same family gets a new pair, as it would have on the first rotation.
 */
export async function refresh(deps: AuthDeps, input: { refreshToken: string; email: string }) {
  const row = await repo.findRefreshToken(deps.db, sha256(input.refreshToken));
  if (!row || row.revokedAt || row.expiresAt < new Date())
    throw unauthorized(ERRORS.INVALID_REFRESH_TOKEN);
  const user = await usersRepo.findUserById(deps.db, row.userId);
  if (!user?.isActive || user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw unauthorized(ERRORS.INVALID_REFRESH_TOKEN);
  }
  if (row.rotatedAt || !(await repo.claimRefreshToken(deps.db, row.id))) {
    // A lost race against a concurrent rotation of the same token counts as rotated just now.
    const rotatedAt = row.rotatedAt?.getTime() ?? Date.now();
    if (Date.now() - rotatedAt > REFRESH_REUSE_GRACE_MS) {
      await repo.revokeFamily(deps.db, row.familyId);
      throw unauthorized(ERRORS.INVALID_REFRESH_TOKEN);
    }
  }
  const { token, refreshToken } = await issueTokens(deps, user, row.familyId);
  return { token, refreshToken };
}

export async function logout(deps: AuthDeps, refreshToken: string | undefined) {
  if (refreshToken) {
    const row = await repo.findRefreshToken(deps.db, sha256(refreshToken));
    if (row) await repo.revokeFamily(deps.db, row.familyId);
  }
  return { detail: SUCCESS.LOGGED_OUT };
}

/** Always answers the same, whether or not the email exists, so it cannot be used to probe. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await usersRepo.findUserByEmail(deps.db, email);
  if (user?.isActive) {
    const token = newOpaqueToken();
    const link = `${deps.publicUrl}/app/password-reset/${token}`;
    await deps.db.transaction(async (tx) => {
      await repo.insertResetToken(tx, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
      await enqueueEmail(tx, {
        to: user.email,
        subject: 'Reset your Dastak password',
        text: [
          `Hello ${user.firstName},`,
          '',
          'Someone asked to reset the password of your Dastak account.',
          `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new one:`,
          link,
          '',
          'The link works once. If you did not ask for this, ignore this email.',
        ].join('\n'),
      });
    });
  }
  return { detail: SUCCESS.PASSWORD_RESET_REQUESTED };
}

export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimResetToken(tx, sha256(input.token));
    if (!claimed) throw badRequest(ERRORS.INVALID_RESET_TOKEN);
    await usersRepo.updateUser(tx, claimed.userId, { passwordHash });
    // A new password ends every existing session.
    await repo.revokeAllForUser(tx, claimed.userId);
  });
  return { detail: SUCCESS.PASSWORD_CHANGED };
}

export async function me(deps: AuthDeps, userId: number) {
  const user = await usersRepo.findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return toUserDto(deps.db, user);
}

/**
 * Ends every session of a user who was just deactivated or deleted (ADR 0030): the refresh
 * tokens at once (in the database, for every instance), the access tokens at once in this
 * instance. Another instance refuses them on first sight and drops those it cached within one
 * access-token lifetime. Call it after the change that deactivates or deletes the user.
 */
export async function endSessions(deps: Pick<AuthDeps, 'db' | 'tokens'>, userId: number) {
  await repo.revokeAllForUser(deps.db, userId);
  deps.tokens.forgetUser(userId);
}
