import { z } from 'zod';
import { ISSUE_REPORT_LIMITS } from '../constants';
import { ISSUE_REPORT_MESSAGES } from '../messages/issue-reports';
import { dateTimeSchema, idListParamSchema, idSchema, paged, pageQuerySchema } from './common';

/**
 * Issue reporting (ADR 0041): staff report a problem without leaving the console.
 *   POST /issue-reports/ (JSON: the fields below + optional `screenshot`, the image's bytes in
 *        base64, a data: URL prefix allowed; see issueReportCreateBodySchema) -> IssueReport 201
 *   GET  /issue-reports/?status=&category=&mine=&page= -> paged IssueReport (reporter: own; 'Can manage
 *        issue reports': all)
 *   GET  /issue-reports/{id}/ -> IssueReport with comments
 *   PATCH /issue-reports/{id}/ {status} ('Can manage issue reports') -> IssueReport
 *   POST /issue-reports/{id}/comments/ {text} -> IssueComment 201 (reporter or manager)
 *   GET  /issue-reports/{id}/screenshot/ -> the image (same access as the report)
 * New reports are emailed to SUPPORT_EMAIL through the outbox when it is set.
 */
export const ISSUE_CATEGORIES = ['console', 'rider', 'customer', 'order', 'other'] as const;
export const ISSUE_STATUSES = ['open', 'inProgress', 'resolved'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS = {
  open: 'Open',
  inProgress: 'In progress',
  resolved: 'Resolved',
} as const;
export const ISSUE_CATEGORY_LABELS = {
  console: 'Console',
  rider: 'Rider',
  customer: 'Customer',
  order: 'Order',
  other: 'Other',
} as const;

export const issueReportCreateSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ISSUE_REPORT_MESSAGES.TITLE_REQUIRED)
    .max(ISSUE_REPORT_LIMITS.TITLE_MAX, ISSUE_REPORT_MESSAGES.TITLE_MAX),
  description: z
    .string()
    .trim()
    .min(1, ISSUE_REPORT_MESSAGES.DESCRIPTION_REQUIRED)
    .max(ISSUE_REPORT_LIMITS.DESCRIPTION_MAX, ISSUE_REPORT_MESSAGES.DESCRIPTION_MAX),
  category: z.enum(ISSUE_CATEGORIES, { error: ISSUE_REPORT_MESSAGES.CATEGORY_REQUIRED }),
  /** An order number (e.g. B-26112500007), checked to exist; linked on the report. */
  orderNumber: z.string().trim().max(32).optional(),
});
export type IssueReportCreate = z.infer<typeof issueReportCreateSchema>;

/**
 * The longest base64 text of a screenshot of SCREENSHOT_MAX_BYTES (4 characters per 3 bytes),
 * plus room for a data: URL prefix. The decoded bytes are checked again on the server.
 */
export const SCREENSHOT_BASE64_MAX =
  Math.ceil(ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES / 3) * 4 + 64;

/**
 * POST /issue-reports/: the create body as sent. The screenshot travels as base64 in the JSON
 * body (no multipart parser in the app; one schema validates the whole request). Its type is
 * judged by its bytes on the server, never by a name or a declared type.
 */
export const issueReportCreateBodySchema = issueReportCreateSchema.extend({
  screenshot: z
    .string()
    .max(SCREENSHOT_BASE64_MAX, ISSUE_REPORT_MESSAGES.SCREENSHOT_TOO_LARGE)
    .optional(),
});
export type IssueReportCreateBody = z.infer<typeof issueReportCreateBodySchema>;

export const issueReportStatusSchema = z.object({ status: z.enum(ISSUE_STATUSES) });
export const issueCommentCreateSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, ISSUE_REPORT_MESSAGES.COMMENT_REQUIRED)
    .max(ISSUE_REPORT_LIMITS.COMMENT_MAX),
});

export const issueCommentSchema = z.object({
  id: idSchema,
  author: z.object({ id: idSchema, fullName: z.string() }),
  text: z.string(),
  created: dateTimeSchema,
});

export const issueReportSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  category: z.enum(ISSUE_CATEGORIES),
  status: z.enum(ISSUE_STATUSES),
  reporter: z.object({ id: idSchema, fullName: z.string() }),
  order: z
    .object({ id: idSchema, number: z.string(), vertical: z.enum(['blood', 'xray']) })
    .nullable(),
  hasScreenshot: z.boolean(),
  created: dateTimeSchema,
  modified: dateTimeSchema,
  comments: z.array(issueCommentSchema).optional(),
});
export type IssueReport = z.infer<typeof issueReportSchema>;

export const issueReportListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ISSUE_STATUSES).optional(),
  category: z.enum(ISSUE_CATEGORIES).optional(),
  reporter: idListParamSchema.optional(),
});
export const issueReportPageSchema = paged(issueReportSchema);
