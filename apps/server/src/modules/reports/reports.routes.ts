import { verticalSchema } from '@dastak/core/entities/common';
import {
  followUpsReportSchema,
  onTimeByDayReportSchema,
  ordersByDayReportSchema,
  REPORT_KINDS,
  type ReportKind,
  reasonsReportSchema,
  reportQuerySchema,
  revenueReportSchema,
  ridersReportSchema,
  satisfactionReportSchema,
  timingsReportSchema,
} from '@dastak/core/entities/reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportAudit } from '../audit/public';
import { reportOf } from './reports.service';
import { reportCsv, reportCsvFileName, reportCsvRowCount } from './reports-csv';

const tags = ['reports'];
const params = z.object({ vertical: verticalSchema });
const access = PERMISSIONS.CAN_VIEW_REPORTS;

const ANSWERS: Record<ReportKind, { schema: z.ZodType; summary: string }> = {
  'orders-by-day': { schema: ordersByDayReportSchema, summary: 'Orders per pickup day by state' },
  'on-time-by-day': {
    schema: onTimeByDayReportSchema,
    summary: "Reached and collected on time per day (the dashboards' definition)",
  },
  timings: {
    schema: timingsReportSchema,
    summary: 'Median minutes from booking to assignment and from assignment to reaching the door',
  },
  reasons: { schema: reasonsReportSchema, summary: 'Cancellations and reschedules by reason' },
  'follow-ups': { schema: followUpsReportSchema, summary: 'Follow-ups per order' },
  revenue: {
    schema: revenueReportSchema,
    summary: 'Tests and revenue (PKR after discounts) of delivered orders',
  },
  riders: {
    schema: ridersReportSchema,
    summary: 'Per rider: completed, on-time %, distance and attendance',
  },
  satisfaction: {
    schema: satisfactionReportSchema,
    summary: 'Order reviews and surveys: answered, average stars, share of 5s',
  },
};

/**
 * The reporting dashboard (ADR 0040; core entities/reports.ts): each report and its table as
 * CSV, over the daily roll-ups (docs/decisions/0040-report-rollups.md).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = app.config.dispatch;

  for (const kind of REPORT_KINDS) {
    const answer = ANSWERS[kind];
    app.get(
      `/reports/:vertical/${kind}/`,
      {
        config: { access },
        schema: {
          tags,
          summary: answer.summary,
          params,
          querystring: reportQuerySchema,
          response: { 200: answer.schema },
        },
      },
      async (req) => reportOf(app.db, kind, req.params.vertical, req.query, model),
    );

    app.get(
      `/reports/:vertical/${kind}/csv/`,
      {
        config: { access },
        schema: {
          tags,
          summary: `${answer.summary}, as CSV`,
          params,
          querystring: reportQuerySchema,
        },
      },
      async (req, reply) => {
        const { vertical } = req.params;
        const q = req.query;
        const answer = await reportOf(app.db, kind, vertical, q, model);
        const body = reportCsv(kind, answer);
        await exportAudit(app.db, req, { entityType: 'Report', format: 'csv', entityId: kind })(
          reportCsvRowCount(kind, answer),
        );
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header(
            'Content-Disposition',
            `attachment; filename="${reportCsvFileName(kind, vertical, q.dateFrom, q.dateTo)}"`,
          )
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );
  }
};
