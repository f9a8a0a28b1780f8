import { and, type Column, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  issueReportComments,
  issueReportScreenshots,
  issueReports,
} from '../../db/schema/issue-reports';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

/** All SQL of issue reporting (ADR 0041). */

const fullName = (u: { firstName: Column; lastName: Column }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

export async function findOrderByNumber(db: DbOrTx, number: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, vertical: orders.vertical })
    .from(orders)
    .where(eq(orders.number, number));
  return row;
}

export async function insertReport(db: DbOrTx, row: typeof issueReports.$inferInsert) {
  const [report] = await db.insert(issueReports).values(row).returning({ id: issueReports.id });
  return report!;
}

export async function insertScreenshot(
  db: DbOrTx,
  row: typeof issueReportScreenshots.$inferInsert,
) {
  await db.insert(issueReportScreenshots).values(row);
}

export interface ReportFilter {
  /** Only this reporter's reports (a reporter without the manage permission). */
  reporterIds?: number[];
  status?: string;
  category?: string;
}

const whereOf = (f: ReportFilter) => {
  const parts: SQL[] = [];
  if (f.reporterIds?.length) parts.push(inArray(issueReports.reporterId, f.reporterIds));
  if (f.status) parts.push(eq(issueReports.status, f.status));
  if (f.category) parts.push(eq(issueReports.category, f.category));
  return parts.length ? and(...parts) : undefined;
};

const reporter = alias(users, 'reporter');

const reportColumns = {
  id: issueReports.id,
  title: issueReports.title,
  description: issueReports.description,
  category: issueReports.category,
  status: issueReports.status,
  reporterId: issueReports.reporterId,
  reporterName: fullName(reporter),
  orderId: orders.id,
  orderNumber: orders.number,
  orderVertical: orders.vertical,
  hasScreenshot: sql<boolean>`exists (select 1 from ${issueReportScreenshots} s where s.report_id = ${issueReports.id})`,
  created: issueReports.created,
  modified: issueReports.modified,
};

const selectReports = (db: DbOrTx) =>
  db
    .select(reportColumns)
    .from(issueReports)
    .innerJoin(reporter, eq(reporter.id, issueReports.reporterId))
    .leftJoin(orders, eq(orders.id, issueReports.orderId));

export type ReportRow = Awaited<ReturnType<typeof findReport>> & {};

export async function findReport(db: DbOrTx, id: number) {
  const [row] = await selectReports(db).where(eq(issueReports.id, id));
  return row;
}

/** A page of reports, newest first, and how many match. */
export async function listReports(
  db: DbOrTx,
  f: ReportFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(f);
  const [total] = await db.select({ n: count() }).from(issueReports).where(where);
  const rows = await selectReports(db)
    .where(where)
    .orderBy(desc(issueReports.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

/** The row locked for a change of status or a comment. */
export async function lockReport(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: issueReports.id, reporterId: issueReports.reporterId })
    .from(issueReports)
    .where(eq(issueReports.id, id))
    .for('update');
  return row;
}

export async function updateStatus(db: DbOrTx, id: number, status: string) {
  await db
    .update(issueReports)
    .set({ status, modified: new Date() })
    .where(eq(issueReports.id, id));
}

export async function touchReport(db: DbOrTx, id: number) {
  await db.update(issueReports).set({ modified: new Date() }).where(eq(issueReports.id, id));
}

export async function insertComment(db: DbOrTx, row: typeof issueReportComments.$inferInsert) {
  const [comment] = await db
    .insert(issueReportComments)
    .values(row)
    .returning({ id: issueReportComments.id });
  return comment!;
}

const author = alias(users, 'author');

export async function commentsOf(db: DbOrTx, reportId: number, commentId?: number) {
  return db
    .select({
      id: issueReportComments.id,
      authorId: issueReportComments.authorId,
      authorName: fullName(author),
      text: issueReportComments.text,
      created: issueReportComments.created,
    })
    .from(issueReportComments)
    .innerJoin(author, eq(author.id, issueReportComments.authorId))
    .where(
      and(
        eq(issueReportComments.reportId, reportId),
        commentId ? eq(issueReportComments.id, commentId) : undefined,
      ),
    )
    .orderBy(issueReportComments.id);
}

export async function findScreenshot(db: DbOrTx, reportId: number) {
  const [row] = await db
    .select({
      contentType: issueReportScreenshots.contentType,
      bytes: issueReportScreenshots.bytes,
    })
    .from(issueReportScreenshots)
    .where(eq(issueReportScreenshots.reportId, reportId));
  return row;
}

/** The staff user's name and email, for the support email. */
export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ name: fullName(users), email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
