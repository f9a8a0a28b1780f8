import {
  bulkReassignCommitSchema,
  bulkReassignProposalSchema,
  bulkReassignReplySchema,
} from '@dastak/core/entities/bulk-reassign';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorFromRequest } from '../../lib/actor';
import { refused } from '../../lib/domain-errors';
import { bulkReassignParamsSchema } from './bulk-reassign.schemas';
import { commitReassignAll, proposeReassignAll } from './bulk-reassign.service';

const tags = ['dispatch'];

/** Reassign all pickups of a rider; the single re-assign's permission. */
export const bulkReassignRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST, not GET: the proposal runs the solver over the live fleet; it is a computation, never
  // cached, and no list (it names the riders chosen now).
  app.post(
    '/riders/:riderId/reassign-all/proposal/',
    {
      config: { access: PERMISSIONS.CAN_ASSIGN_ORDER },
      schema: {
        tags,
        summary: "Propose a new rider for each of a rider's pending pickups",
        params: bulkReassignParamsSchema,
        response: { 200: bulkReassignProposalSchema },
      },
    },
    async (req) => proposeReassignAll(app.db, req.params.riderId, { osrmUrl: app.config.OSRM_URL }),
  );

  app.post(
    '/riders/:riderId/reassign-all/',
    {
      config: { access: PERMISSIONS.CAN_ASSIGN_ORDER },
      schema: {
        tags,
        summary: "Reassign a rider's pending pickups in one transaction",
        params: bulkReassignParamsSchema,
        body: bulkReassignCommitSchema,
        // A 409 is the one error body: `errors` names each changed line (`lines.<index>`).
        response: { 200: bulkReassignReplySchema },
      },
    },
    async (req) => {
      const outcome = await commitReassignAll(
        app.db,
        req.params.riderId,
        req.body,
        actorFromRequest(req),
      );
      if (!outcome.ok) {
        const errors = Object.fromEntries(
          req.body.lines.flatMap((l, i) =>
            outcome.changed.includes(l.orderId) ? [[`lines.${i}`, [M.ORDER_CHANGED]]] : [],
          ),
        );
        throw refused(outcome.detail, errors);
      }
      const { ok: _ok, ...reply } = outcome;
      return reply;
    },
  );
};
