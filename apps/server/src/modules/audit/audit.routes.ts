import { auditEventListQuerySchema, auditEventPageSchema } from '@dastak/core/entities/audit';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitOffset, pageResponse } from '../../lib/paging';
import * as service from './audit.service';
import { flushAuditQueue } from './audit-queue';

/**
 * The audit trail, read only (ADR 0054): there is no route that changes or deletes an event,
 * and the table refuses it too (migration 0017).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // Queued detail opens are written before the database closes (the app closes first).
  app.addHook('onClose', () => flushAuditQueue(app.db));

  app.get(
    '/audit-events/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_AUDIT_TRAIL },
      schema: {
        tags: ['audit'],
        summary: 'Who saw what: the audit trail, newest first, filtered',
        querystring: auditEventListQuerySchema,
        response: { 200: auditEventPageSchema },
      },
    },
    async (req) => {
      const { count, results } = await service.listAuditEvents(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );
};
