import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PASSWORD_RESET_TTL_MINUTES, REFRESH_TOKEN_TTL_DAYS } from '@dastak/core/constants';
import { ERRORS, SUCCESS } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, unauthenticated } from '../../lib/domain-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { publishSessionsChanged } from '../../lib/realtime-publish';
import { enqueueEmail } from '../notifications/public';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  listPermissionNames,
  toUserDto,
  type UserRow,
  updateUser,
} from '../users/public';
import * as repo from './auth.repository';
import { describeDevice } from './device';
import type { AuthUser, SessionStore, TokenService } from './tokens';

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

/** A session's refresh-token family shares its id: ending the session ends both. */
async function issueTokens(deps: AuthDeps, user: UserRow, familyId: string) {
  const dto = await toUserDto(deps.db, user);
  const token = await deps.tokens.signAccess({
    id: user.id,
    email: user.email,
    userType: user.userType,
    permissions: dto.userPermissions.map((p) => p.name),
    sessionId: familyId,
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
  userAgent?: string,
) {
  return signIn(deps, await findUserByEmail(deps.db, input.email), input, userAgent);
}

/** The rider app's sign-in: an email or the rider's mobile number (ADR 0063). */
export async function riderLogin(
  deps: AuthDeps,
  input: { login: string; password: string },
  userAgent?: string,
) {
  return signIn(deps, await findUserByLogin(deps.db, input.login), input, userAgent);
}

async function signIn(
  deps: AuthDeps,
  user: UserRow | undefined,
  input: { password: string; playerId?: string | null },
  userAgent?: string,
) {
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok || !user.isActive) throw invalid(ERRORS.INVALID_CREDENTIALS);
  await updateUser(deps.db, user.id, {
    lastLogin: new Date(),
    ...(input.playerId ? { playerId: input.playerId } : {}),
  });
  const sessionId = randomUUID();
  await repo.insertSession(deps.db, {
    id: sessionId,
    userId: user.id,
    userAgent: userAgent?.slice(0, 512),
  });
  return issueTokens(deps, user, sessionId);
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
    throw unauthenticated(ERRORS.INVALID_REFRESH_TOKEN);
  const user = await findUserById(deps.db, row.userId);
  if (!user?.isActive || user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw unauthenticated(ERRORS.INVALID_REFRESH_TOKEN);
  }
  // An ended session refuses its family (a family from before sessions gets its row here).
  if (!(await repo.ensureSession(deps.db, row.familyId, user.id)))
    throw unauthenticated(ERRORS.INVALID_REFRESH_TOKEN);
  if (row.rotatedAt || !(await repo.claimRefreshToken(deps.db, row.id))) {
    // A lost race against a concurrent rotation of the same token counts as rotated just now.
    const rotatedAt = row.rotatedAt?.getTime() ?? Date.now();
    if (Date.now() - rotatedAt > REFRESH_REUSE_GRACE_MS) {
      // Reuse: the session ends, its access tokens too.
      await endSession(deps, row.familyId, user.id);
      throw unauthenticated(ERRORS.INVALID_REFRESH_TOKEN);
    }
  }
  const { token, refreshToken } = await issueTokens(deps, user, row.familyId);
  return { token, refreshToken };
}

/**
 * Ends the session the request names: by its refresh token, or by the access token it came with
 * (expired or not: the signature is the proof). Either way its access tokens stop at once.
 */
export async function logout(
  deps: AuthDeps,
  credentials: { refreshToken?: string; accessToken?: string },
) {
  if (credentials.refreshToken) {
    const row = await repo.findRefreshToken(deps.db, sha256(credentials.refreshToken));
    if (row) await endSession(deps, row.familyId, row.userId);
  }
  const session = credentials.accessToken
    ? await deps.tokens.sessionOf(credentials.accessToken)
    : undefined;
  if (session) await endSession(deps, session.sessionId, session.userId);
  return { detail: SUCCESS.LOGGED_OUT };
}

/**
 * The least time a reset request takes, found or not. Why: the found path writes a link and an
 * email (about 4 ms, twice the lookup alone), which told an attacker which emails have accounts.
 * Both paths do the same lookup and token work, then wait out the rest of this floor.
 */
export const RESET_REQUEST_MIN_MS = 200;

/** Always answers the same, whether or not the email exists, so it cannot be used to probe. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const until = performance.now() + RESET_REQUEST_MIN_MS;
  const token = newOpaqueToken();
  const tokenHash = sha256(token);
  const user = await findUserByEmail(deps.db, email);
  if (user?.isActive) {
    const link = `${deps.publicUrl}/app/password-reset/${token}`;
    await deps.db.transaction(async (tx) => {
      // The newest link is the only one: the ones sent before stop working.
      await repo.cancelResetTokens(tx, user.id);
      await repo.insertResetToken(tx, {
        userId: user.id,
        tokenHash,
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
  await sleep(Math.max(0, until - performance.now()));
  return { detail: SUCCESS.PASSWORD_RESET_REQUESTED };
}

export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimResetToken(tx, sha256(input.token));
    if (!claimed) throw invalid(ERRORS.INVALID_RESET_TOKEN);
    await updateUser(tx, claimed.userId, { passwordHash });
    // A new password cancels every other link and ends every existing session.
    await repo.cancelResetTokens(tx, claimed.userId);
    await repo.revokeAllForUser(tx, claimed.userId);
    await publishSessionsChanged(tx, claimed.userId);
    return claimed.userId;
  });
  deps.tokens.forgetUser(userId);
  return { detail: SUCCESS.PASSWORD_CHANGED };
}

export async function me(deps: AuthDeps, userId: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  return toUserDto(deps.db, user);
}

/**
 * Ends one session (logout, refresh-token reuse): its refresh tokens and its access tokens, at
 * once in every instance (the notice makes each drop the user's verified tokens; ADR 0053).
 */
async function endSession(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  sessionId: string,
  userId: number,
) {
  await deps.db.transaction(async (tx) => {
    await repo.revokeFamily(tx, sessionId);
    await publishSessionsChanged(tx, userId);
  });
  deps.tokens.forgetUser(userId);
}

/**
 * Ends every session of a user (sign out everywhere; a user deactivated or deleted, ADR 0030):
 * the refresh tokens and the access tokens, at once in every instance (ADR 0053).
 */
export async function endSessions(deps: Pick<AuthDeps, 'db' | 'tokens'>, userId: number) {
  await deps.db.transaction((tx) => revokeSessionsIn(tx, userId));
  deps.tokens.forgetUser(userId);
}

/**
 * endSessions' database half, inside the caller's transaction (a deactivation with its audit
 * row); the caller then drops the user's tokens from this server's cache (tokens.forgetUser).
 */
export async function revokeSessionsIn(tx: DbOrTx, userId: number) {
  await repo.revokeAllForUser(tx, userId);
  await publishSessionsChanged(tx, userId);
}

/** The caller's live sessions, this one marked. */
export async function listSessions(deps: AuthDeps, user: AuthUser) {
  const since = new Date(Date.now() - REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  const rows = await repo.listLiveSessions(deps.db, user.id, since);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    created: toKarachiIso(r.created),
    lastSeen: toKarachiIso(r.lastSeenAt),
    current: r.id === user.sessionId,
  }));
}

export async function signOutEverywhere(deps: AuthDeps, userId: number) {
  await endSessions(deps, userId);
  return { detail: SUCCESS.LOGGED_OUT };
}

/** The sessions table behind the token service (app.ts). */
export function sessionStore(db: Db): SessionStore {
  return {
    async start(userId) {
      const id = randomUUID();
      await repo.insertSession(db, { id, userId });
      return id;
    },
    async load(sessionId, userId) {
      const row = await repo.findSessionUser(db, sessionId, userId);
      if (!row) return undefined;
      const permissions = await listPermissionNames(db, userId);
      return { id: userId, email: row.email, userType: row.userType, permissions };
    },
  };
}
