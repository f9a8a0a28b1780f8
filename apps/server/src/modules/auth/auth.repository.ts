import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSecrets, passwordResetTokens, refreshTokens, users } from '../../db/schema/users';

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

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertResetToken(db: DbOrTx, v: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(v);
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

/** True when the user exists and is active: read once per access token, not per request. */
export async function isUserActive(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isActive === true;
}
