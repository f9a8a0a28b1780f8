import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { orders } from './orders';
import { users } from './users';

/** Raw bytes: PGlite answers a Uint8Array and node-postgres a Buffer; both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Issue reporting (ADR 0041): a problem a staff user reported from the console. category and
 * status hold the names of ISSUE_CATEGORIES / ISSUE_STATUSES (core entities/issue-reports.ts).
 */
export const issueReports = pgTable(
  'issue_reports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    description: text().notNull(),
    category: text().notNull(),
    status: text().notNull().default('open'),
    // Staff are deactivated, not deleted: a report keeps its reporter.
    reporterId: integer()
      .notNull()
      .references(() => users.id),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The reporter's own list, newest first; a manager's list filters by status.
    index('issue_reports_reporter_idx').on(t.reporterId, t.id),
    index('issue_reports_status_idx').on(t.status, t.id),
  ],
);

/**
 * A report's screenshot, apart from the report so that lists never read the bytes. Backups
 * cover every table, so the image is kept with the rest of the data.
 */
export const issueReportScreenshots = pgTable('issue_report_screenshots', {
  reportId: integer()
    .primaryKey()
    .references(() => issueReports.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  created: tz().notNull().defaultNow(),
});

export const issueReportComments = pgTable(
  'issue_report_comments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer()
      .notNull()
      .references(() => issueReports.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [index('issue_report_comments_report_idx').on(t.reportId, t.id)],
);
