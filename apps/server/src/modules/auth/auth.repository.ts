import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  appSecrets,
  passwordResetTokens,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema/users';

export async function insertRefreshToken(db: DbOrTx, v: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(v);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a token used; returns false if another request used it first (exactly one wins). */
export async function claimRefreshToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Ends one session: its refresh tokens and the session row (whose id is the family's). */
export async function revokeFamily(db: DbOrTx, familyId: string) {
  const revokedAt = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await db
    .update(sessions)
    .set({ revokedAt })
    .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user. */
export async function revokeAllForUser(db: DbOrTx, userId: number) {
  const revokedAt = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(sessions)
    .set({ revokedAt })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertSession(db: DbOrTx, v: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(v);
}

/**
 * The session of a refresh-token family, made if the family predates sessions (an upgrade);
 * returns whether it is live.
 */
export async function ensureSession(db: DbOrTx, id: string, userId: number): Promise<boolean> {
  await db.insert(sessions).values({ id, userId }).onConflictDoNothing();
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return row !== undefined;
}

/**
 * The user of a live session, if active: read once per access token per instance (ADR 0053).
 * It writes nothing (a refused request changes no row); refresh stamps last seen.
 */
export async function findSessionUser(db: DbOrTx, id: string, userId: number) {
  const [row] = await db
    .select({ email: users.email, userType: users.userType })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        eq(users.isActive, true),
      ),
    );
  return row;
}

/** A user's live sessions, most recently seen first (live: not ended, refreshed within `since`). */
export async function listLiveSessions(db: DbOrTx, userId: number, since: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      created: sessions.created,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, since)),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function insertResetToken(db: DbOrTx, v: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(v);
}

/** Cancels every outstanding reset link of the user (a newer link, or a reset done). */
export async function cancelResetTokens(db: DbOrTx, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Claims an unused, unexpired reset token atomically: single use even under a double submit. */
export async function claimResetToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

export async function getSecret(db: DbOrTx, name: string) {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}

/** Inserts the secret unless another instance did first; returns the stored value either way. */
export async function putSecretOnce(db: DbOrTx, name: string, value: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  return (await getSecret(db, name)) ?? value;
}
