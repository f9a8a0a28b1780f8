import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { passwordResetTokens, users } from '../../db/schema/users';

/** All SQL of the audit trail: an insert and a read. There is no update or delete (ADR 0054). */

export type AuditEventInsert = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvents(db: DbOrTx, rows: AuditEventInsert[]) {
  if (rows.length) await db.insert(auditEvents).values(rows);
}

export interface AuditFilter {
  agentIds?: number[];
  actions?: string[];
  types?: string[];
  entityTypes?: string[];
  entityId?: string;
  from?: Date;
  to?: Date;
}

const whereOf = (f: AuditFilter) => {
  const parts: SQL[] = [];
  if (f.agentIds?.length) parts.push(inArray(auditEvents.agentId, f.agentIds));
  if (f.actions?.length) parts.push(inArray(auditEvents.action, f.actions));
  if (f.types?.length) parts.push(inArray(auditEvents.type, f.types));
  if (f.entityTypes?.length) parts.push(inArray(auditEvents.entityType, f.entityTypes));
  if (f.entityId) parts.push(eq(auditEvents.entityId, f.entityId));
  if (f.from) parts.push(gte(auditEvents.recorded, f.from));
  if (f.to) parts.push(lte(auditEvents.recorded, f.to));
  return parts.length ? and(...parts) : undefined;
};

/** Newest first; id breaks ties within one instant. */
export async function listAuditEvents(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.recorded), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/**
 * Whose reset link a token is, used or not: the trail names the user of a reset. Read here,
 * after the reset answered, so the auth module's reset path stays as it is.
 */
export async function findResetTokenUser(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}
