import { createHash } from 'node:crypto';
import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import {
  ISSUE_CATEGORY_LABELS,
  ISSUE_STATUS_LABELS,
  type IssueCategory,
  type IssueReport,
  type IssueReportCreateBody,
  type IssueStatus,
} from '@dastak/core/entities/issue-reports';
import { ORDER_MESSAGES } from '@dastak/core/messages';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import { type ActorContext, hasStaffPermission, requireStaff } from '../../lib/actor';
import { conflict, forbidden, invalidField, notFound } from '../../lib/domain-errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  saveIdempotentResponse,
} from '../../lib/idempotency.repository';
import { enqueueEmail } from '../notifications/public';
import * as repo from './issue-reports.repository';
import { decodeScreenshot, screenshotType } from './screenshot-check';

type Staff = Extract<ActorContext, { kind: 'staff' }>;

const isManager = (actor: ActorContext) =>
  hasStaffPermission(actor, PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS);

/** Any staff user may report; the permission only widens what they see and change. */
function requireStaffUser(actor: ActorContext): asserts actor is Staff {
  if (actor.kind !== 'staff') throw forbidden();
}

function serialize(row: repo.ReportRow, comments?: Awaited<ReturnType<typeof repo.commentsOf>>) {
  const report: IssueReport = {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as IssueCategory,
    status: row.status as IssueStatus,
    reporter: { id: row.reporterId, fullName: row.reporterName },
    order:
      row.orderId && row.orderNumber && row.orderVertical
        ? { id: row.orderId, number: row.orderNumber, vertical: row.orderVertical }
        : null,
    hasScreenshot: row.hasScreenshot,
    created: toKarachiIso(row.created),
    modified: toKarachiIso(row.modified),
  };
  if (comments) report.comments = comments.map(serializeComment);
  return report;
}

const serializeComment = (c: Awaited<ReturnType<typeof repo.commentsOf>>[number]) => ({
  id: c.id,
  author: { id: c.authorId, fullName: c.authorName },
  text: c.text,
  created: toKarachiIso(c.created),
});

/** The screenshot's bytes and type, or a 400 naming what is wrong; nothing is stored before. */
function checkScreenshot(text: string) {
  const bytes = decodeScreenshot(text);
  if (!bytes || bytes.length === 0)
    throw invalidField('screenshot', ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE);
  if (bytes.length > ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES) {
    throw invalidField('screenshot', ISSUE_REPORT_MESSAGES.SCREENSHOT_TOO_LARGE);
  }
  const contentType = screenshotType(bytes);
  if (!contentType) throw invalidField('screenshot', ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE);
  return { bytes, contentType };
}

function supportEmail(to: string, report: IssueReport, reporterEmail: string, publicUrl: string) {
  const lines = [
    `${report.reporter.fullName} (${reporterEmail}) reported an issue.`,
    '',
    `Title: ${report.title}`,
    `Category: ${ISSUE_CATEGORY_LABELS[report.category]}`,
    `Status: ${ISSUE_STATUS_LABELS[report.status]}`,
    ...(report.order ? [`Order: ${report.order.number}`] : []),
    `Screenshot: ${report.hasScreenshot ? 'attached to the report' : 'none'}`,
    '',
    report.description,
    '',
    `Open it: ${publicUrl}/app/issue-reporting?issue=${report.id}`,
  ];
  return {
    to,
    subject: `[Dastak] Issue #${report.id}: ${report.title}`,
    text: lines.join('\n'),
  };
}

export interface CreateOptions {
  supportEmail?: string;
  publicUrl: string;
  idempotencyKey?: string;
}

/**
 * POST /issue-reports/: checks the order number and the screenshot's bytes before anything is
 * written, then stores the report, its screenshot and the support email in one transaction.
 */
export async function createIssueReport(
  db: Db,
  body: IssueReportCreateBody,
  actor: ActorContext,
  opts: CreateOptions,
): Promise<IssueReport> {
  requireStaffUser(actor);
  const screenshot = body.screenshot ? checkScreenshot(body.screenshot) : null;
  const orderNumber = body.orderNumber?.trim() || undefined;
  return db.transaction(async (tx) => {
    const ref = opts.idempotencyKey
      ? { key: opts.idempotencyKey, userId: actor.userId, route: 'POST /issue-reports/' }
      : null;
    if (ref) {
      const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      if (!(await claimIdempotencyKey(tx, ref, hash))) {
        const stored = await findIdempotencyKey(tx, ref);
        if (!stored || stored.requestHash !== hash) {
          throw conflict(ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED);
        }
        return stored.response as IssueReport;
      }
    }
    const order = orderNumber ? await repo.findOrderByNumber(tx, orderNumber) : undefined;
    if (orderNumber && !order)
      throw invalidField('orderNumber', ISSUE_REPORT_MESSAGES.ORDER_NOT_FOUND);
    const { id } = await repo.insertReport(tx, {
      title: body.title,
      description: body.description,
      category: body.category,
      reporterId: actor.userId,
      orderId: order?.id ?? null,
    });
    if (screenshot) {
      await repo.insertScreenshot(tx, {
        reportId: id,
        contentType: screenshot.contentType,
        size: screenshot.bytes.length,
        bytes: screenshot.bytes,
      });
    }
    const report = serialize((await repo.findReport(tx, id))!, []);
    if (opts.supportEmail) {
      const reporter = await repo.findUser(tx, actor.userId);
      await enqueueEmail(
        tx,
        supportEmail(opts.supportEmail, report, reporter?.email ?? '', opts.publicUrl),
      );
    }
    if (ref) await saveIdempotentResponse(tx, ref, 201, report);
    return report;
  });
}

/** A report the actor may open: their own, or any with the manage permission; else 404. */
async function openReport(db: Db, id: number, actor: ActorContext) {
  requireStaffUser(actor);
  const row = await repo.findReport(db, id);
  if (!row || (row.reporterId !== actor.userId && !isManager(actor))) throw notFound();
  return row;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  status?: IssueStatus;
  category?: IssueCategory;
  reporter?: number[];
}

/** GET /issue-reports/: a reporter's own, newest first; a manager's all (or some reporters'). */
export async function listIssueReports(db: Db, q: ListQuery, actor: ActorContext) {
  requireStaffUser(actor);
  const reporterIds = isManager(actor) ? q.reporter : [actor.userId];
  const { count, rows } = await repo.listReports(
    db,
    { reporterIds, status: q.status, category: q.category },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return { count, results: rows.map((r) => serialize(r)) };
}

/** GET /issue-reports/{id}/: the report with its comments, oldest first. */
export async function getIssueReport(db: Db, id: number, actor: ActorContext) {
  const row = await openReport(db, id, actor);
  return serialize(row, await repo.commentsOf(db, id));
}

/** PATCH /issue-reports/{id}/: a manager moves the report to another status. */
export async function changeIssueStatus(
  db: Db,
  id: number,
  status: IssueStatus,
  actor: ActorContext,
) {
  requireStaff(actor, PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS);
  await db.transaction(async (tx) => {
    if (!(await repo.lockReport(tx, id))) throw notFound();
    await repo.updateStatus(tx, id, status);
  });
  return getIssueReport(db, id, actor);
}

/** POST /issue-reports/{id}/comments/: by the reporter or a manager. */
export async function addIssueComment(db: Db, id: number, text: string, actor: ActorContext) {
  requireStaffUser(actor);
  return db.transaction(async (tx) => {
    const report = await repo.lockReport(tx, id);
    if (!report || (report.reporterId !== actor.userId && !isManager(actor))) throw notFound();
    const comment = await repo.insertComment(tx, { reportId: id, authorId: actor.userId, text });
    await repo.touchReport(tx, id);
    const [row] = await repo.commentsOf(tx, id, comment.id);
    return serializeComment(row!);
  });
}

/** GET /issue-reports/{id}/screenshot/: the stored image, with the access of the report. */
export async function getIssueScreenshot(db: Db, id: number, actor: ActorContext) {
  await openReport(db, id, actor);
  const shot = await repo.findScreenshot(db, id);
  if (!shot) throw notFound();
  return shot;
}
