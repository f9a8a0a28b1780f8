import { verticalSchema } from '@dastak/core/entities/common';
import { orderLocationSchema, orderSchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Vertical } from '@dastak/core/states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/domain-errors';
import { withETag } from '../../../lib/versioning';
import { recordDetailOpen } from '../../audit/public';
import { getOrderDetail, locateOrder } from './order-detail.service';

const tags = ['orders'];

/**
 * `:id` of the detail routes: digits only, and anything else is 'Not found.' (404) as an unknown
 * path would be, never a 400: other modules' paths of the same shape must not look like a
 * malformed detail request. The static siblings under /orders/{vertical}/ (states, unverified,
 * csv, ...) win in find-my-way before this parameter is tried. (No regex in the path: the route
 * table must keep plain `:param` segments.)
 */
function idOr404(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound();
  return id;
}

/** Likewise an unknown vertical: /orders/partial-order/5 is not a detail page. */
function verticalOr404(raw: string): Vertical {
  const parsed = verticalSchema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The order detail page (spec §2.6). */
export const orderDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:vertical/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        params: z.object({ vertical: z.string(), id: z.string() }),
        response: { 200: orderSchema },
      },
    },
    async (req, reply) => {
      const order = await getOrderDetail(
        app.db,
        verticalOr404(req.params.vertical),
        idOr404(req.params.id),
      );
      // The order's page is where a patient's details open (name, phone, address, tests).
      await recordDetailOpen(app.db, req, 'Patient', order.patient.id, { order: order.id });
      return withETag(reply, order);
    },
  );

  // /orders/detail/{id} on the console (map popups, late orders) carries only the id.
  app.get(
    '/orders/locate/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        response: { 200: orderLocationSchema },
      },
    },
    async (req) => locateOrder(app.db, idOr404(req.params.id)),
  );
};
