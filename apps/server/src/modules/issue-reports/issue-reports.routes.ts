import { idParamSchema } from '@dastak/core/entities/common';
import {
  issueCommentCreateSchema,
  issueCommentSchema,
  issueReportCreateBodySchema,
  issueReportListQuerySchema,
  issueReportPageSchema,
  issueReportSchema,
  issueReportStatusSchema,
  SCREENSHOT_BASE64_MAX,
} from '@dastak/core/entities/issue-reports';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../lib/actor';
import { pageResponse } from '../../lib/paging';
import {
  addIssueComment,
  changeIssueStatus,
  createIssueReport,
  getIssueReport,
  getIssueScreenshot,
  listIssueReports,
} from './issue-reports.service';

const tags = ['issue-reports'];
const params = z.object({ id: idParamSchema });

/**
 * The create carries a screenshot of up to 5 MB as base64 (4/3 of it), past the app's 1 MiB
 * bodyLimit (ADR 0031): this one route reads up to that plus room for the text fields. The
 * decoded size and the bytes are checked again in the service.
 */
export const ISSUE_REPORT_BODY_LIMIT = SCREENSHOT_BASE64_MAX + 64 * 1024;

/** Issue reporting (ADR 0041): any staff user reports and follows their own; managers all. */
export const issueReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/issue-reports/',
    {
      bodyLimit: ISSUE_REPORT_BODY_LIMIT,
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags, body: issueReportCreateBodySchema, response: { 201: issueReportSchema } },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const report = await createIssueReport(app.db, req.body, actorFromRequest(req), {
        supportEmail: app.config.SUPPORT_EMAIL,
        publicUrl: app.config.PUBLIC_URL,
        idempotencyKey: typeof key === 'string' && key ? key : undefined,
      });
      return reply.code(201).send(report);
    },
  );

  app.get(
    '/issue-reports/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags,
        querystring: issueReportListQuerySchema,
        response: { 200: issueReportPageSchema },
      },
    },
    async (req) => {
      const page = await listIssueReports(app.db, req.query, actorFromRequest(req));
      return pageResponse(req, req.query, page.count, page.results);
    },
  );

  app.get(
    '/issue-reports/:id/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags, params, response: { 200: issueReportSchema } },
    },
    async (req) => getIssueReport(app.db, req.params.id, actorFromRequest(req)),
  );

  app.patch(
    '/issue-reports/:id/',
    {
      config: { access: PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS },
      schema: { tags, params, body: issueReportStatusSchema, response: { 200: issueReportSchema } },
    },
    async (req) => changeIssueStatus(app.db, req.params.id, req.body.status, actorFromRequest(req)),
  );

  app.post(
    '/issue-reports/:id/comments/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags,
        params,
        body: issueCommentCreateSchema,
        response: { 201: issueCommentSchema },
      },
    },
    async (req, reply) => {
      const comment = await addIssueComment(
        app.db,
        req.params.id,
        req.body.text,
        actorFromRequest(req),
      );
      return reply.code(201).send(comment);
    },
  );

  app.get(
    '/issue-reports/:id/screenshot/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags, params },
    },
    async (req, reply) => {
      const shot = await getIssueScreenshot(app.db, req.params.id, actorFromRequest(req));
      return reply
        .header('Content-Type', shot.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="issue-${req.params.id}-screenshot"`)
        .header('Cache-Control', 'private, no-store')
        .send(shot.bytes);
    },
  );
};
