import { idParamSchema } from '@dastak/core/entities/common';
import { partialOrderPatchSchema } from '@dastak/core/entities/orders';
import {
  partialOrderCancelReplySchema,
  partialOrderCreateSchema,
  partialOrderDetailSchema,
  partialOrderListQuerySchema,
  partialOrderPageSchema,
} from '@dastak/core/entities/partial-orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../../lib/actor';
import { pageResponse } from '../../../lib/paging';
import * as service from './partial-orders.service';

const tags = ['orders'];

/** Any non-id in the path (an id past the int4 range too) is 'Not found.' (errors plugin). */
const idParams = z.object({ id: idParamSchema });

/**
 * Partial orders (spec §2.4, §7 Orders). The static 'partial-order' segment wins over the order
 * routes' `:vertical` in find-my-way, so these paths never reach the order detail handler.
 */
export const partialOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/partial-order/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        querystring: partialOrderListQuerySchema,
        response: { 200: partialOrderPageSchema },
      },
    },
    async (req) => {
      const { count, rows } = await service.listPartialOrders(app.db, req.query);
      return pageResponse(req, req.query, count, rows.map(service.toPartialOrder));
    },
  );

  app.get(
    '/orders/partial-order/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: { tags, params: idParams, response: { 200: partialOrderDetailSchema } },
    },
    async (req) => service.getPartialOrder(app.db, req.params.id),
  );

  app.patch(
    '/orders/partial-order/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_ORDER },
      schema: {
        tags,
        params: idParams,
        body: partialOrderPatchSchema,
        response: { 200: partialOrderCancelReplySchema },
      },
    },
    async (req) => service.cancelPartialOrder(app.db, req.params.id, actorFromRequest(req)),
  );

  // A website or chat channel's service account (ADR 0017).
  app.post(
    '/orders/partial-order/',
    {
      config: { access: PERMISSIONS.CAN_ADD_PARTIAL_ORDER },
      schema: {
        tags,
        body: partialOrderCreateSchema,
        response: { 201: partialOrderDetailSchema },
      },
    },
    async (req, res) => {
      const key = req.headers['idempotency-key'];
      const created = await service.createPartialOrder(
        app.db,
        req.body,
        actorFromRequest(req),
        typeof key === 'string' && key ? key : undefined,
      );
      return res.code(201).send(created);
    },
  );
};
