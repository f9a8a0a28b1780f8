import { idParamSchema, pageQuerySchema } from '@dastak/core/entities/common';
import {
  followUpSchema,
  orderUpdateSchema,
  updateScanTypesSchema,
} from '@dastak/core/entities/order-requests';
import { orderActionReplySchema, orderActivityPageSchema } from '@dastak/core/entities/orders';
import { ifMatchHeadersSchema } from '@dastak/core/entities/versioning';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../../lib/actor';
import { limitOffset, pageResponse } from '../../../lib/paging';
import { expectedVersion } from '../../../lib/versioning';
import { listOrderActivities } from '../order-activity.service';
import { addFollowUp, updateOrderFlags, updateOrderScanTypes } from './order-edits.service';

const tags = ['orders'];
const reply = { 200: orderActionReplySchema };

/** Follow-ups, flag and note edits, test edits and the activity log (spec §7 Orders). */
export const orderEditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/activity/follow-up/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_ORDER },
      schema: { tags, body: followUpSchema, response: reply },
    },
    async (req) =>
      addFollowUp(
        app.db,
        { orderId: req.body.order, reason: req.body.reason },
        actorFromRequest(req),
      ),
  );

  app.patch(
    '/orders/update/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_ORDER },
      schema: {
        tags,
        params: z.object({ id: idParamSchema }),
        headers: ifMatchHeadersSchema,
        body: orderUpdateSchema,
        response: reply,
      },
    },
    async (req) =>
      updateOrderFlags(
        app.db,
        { orderId: req.params.id, ...req.body.data, expectedVersion: expectedVersion(req) },
        actorFromRequest(req),
      ),
  );

  app.post(
    '/orders/update-order-scan-types/:orderId/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_ORDER },
      schema: {
        tags,
        params: z.object({ orderId: idParamSchema }),
        headers: ifMatchHeadersSchema,
        body: updateScanTypesSchema,
        response: reply,
      },
    },
    async (req) =>
      updateOrderScanTypes(
        app.db,
        {
          orderId: req.params.orderId,
          value: req.body.value,
          discount: req.body.discount,
          scanTypes: req.body.scanType,
          expectedVersion: expectedVersion(req),
        },
        actorFromRequest(req),
      ),
  );

  app.get(
    '/activity/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        querystring: pageQuerySchema.extend({ order: idParamSchema }),
        response: { 200: orderActivityPageSchema },
      },
    },
    async (req) => {
      const { results, count } = await listOrderActivities(
        app.db,
        req.query.order,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );
};
