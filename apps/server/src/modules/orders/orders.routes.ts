import { verticalSchema } from '@dastak/core/entities/common';
import {
  orderCancelSchema,
  orderCreateSchema,
  orderReassignSchema,
  orderRescheduleSchema,
} from '@dastak/core/entities/order-requests';
import { orderActionReplySchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../lib/actor';
import { assignOrder, reassignOrder } from './actions/order-assign.service';
import { cancelOrder, rescheduleOrder } from './actions/order-cancel-reschedule.service';
import {
  deliverOrder,
  markOfflineInProgress,
  verifyOrder,
} from './actions/order-lifecycle.service';
import { createOrder } from './create/order-create.service';
import { orderPathSchema, riderIdsBodySchema } from './orders.schemas';

const tags = ['orders'];
const reply = { 200: orderActionReplySchema };

/** Order create and the state-changing actions of spec §7 Orders. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:vertical/',
    {
      config: { access: PERMISSIONS.CAN_ADD_ORDER },
      schema: {
        tags,
        params: z.object({ vertical: verticalSchema }),
        body: orderCreateSchema,
        response: { 201: orderActionReplySchema },
      },
    },
    async (req, res) => {
      const key = req.headers['idempotency-key'];
      const created = await createOrder(
        app.db,
        req.params.vertical,
        req.body,
        actorFromRequest(req),
        typeof key === 'string' && key ? key : undefined,
      );
      return res.code(201).send(created);
    },
  );

  app.post(
    '/orders/:vertical/:id/request/',
    {
      config: { access: PERMISSIONS.CAN_ASSIGN_ORDER },
      schema: { tags, params: orderPathSchema, body: riderIdsBodySchema, response: reply },
    },
    async (req) =>
      assignOrder(
        app.db,
        {
          vertical: req.params.vertical,
          orderId: req.params.id,
          riderId: req.body.riderIds[0] as number,
          auto: false,
        },
        actorFromRequest(req),
      ),
  );

  app.post(
    '/orders/:vertical/:id/reassign/',
    {
      config: { access: PERMISSIONS.CAN_ASSIGN_ORDER },
      schema: {
        tags,
        params: orderPathSchema,
        body: orderReassignSchema.extend({ riderIds: riderIdsBodySchema.shape.riderIds }),
        response: reply,
      },
    },
    async (req) =>
      reassignOrder(
        app.db,
        {
          vertical: req.params.vertical,
          orderId: req.params.id,
          riderId: req.body.riderIds[0] as number,
          reassignmentStringId: req.body.reassignmentStringId,
          reason: req.body.reason,
        },
        actorFromRequest(req),
      ),
  );

  app.post(
    '/orders/:vertical/:id/cancel/',
    {
      config: { access: PERMISSIONS.CAN_CANCEL_ORDER },
      schema: { tags, params: orderPathSchema, body: orderCancelSchema, response: reply },
    },
    async (req) =>
      cancelOrder(
        app.db,
        { vertical: req.params.vertical, orderId: req.params.id, ...req.body },
        actorFromRequest(req),
      ),
  );

  app.post(
    '/orders/:vertical/:id/reschedule/',
    {
      config: { access: PERMISSIONS.CAN_RESCHEDULE_ORDER },
      schema: { tags, params: orderPathSchema, body: orderRescheduleSchema, response: reply },
    },
    async (req) =>
      rescheduleOrder(
        app.db,
        { vertical: req.params.vertical, orderId: req.params.id, ...req.body },
        actorFromRequest(req),
      ),
  );

  const simple = [
    ['offline-in-progress', PERMISSIONS.CAN_CHANGE_ORDER, markOfflineInProgress],
    ['delivered', PERMISSIONS.CAN_DELIVER_ORDER, deliverOrder],
    ['verified', PERMISSIONS.CAN_VERIFY_ORDER, verifyOrder],
  ] as const;
  for (const [path, access, action] of simple) {
    app.post(
      `/orders/:vertical/:id/${path}/`,
      { config: { access }, schema: { tags, params: orderPathSchema, response: reply } },
      async (req) =>
        action(
          app.db,
          { vertical: req.params.vertical, orderId: req.params.id },
          actorFromRequest(req),
        ),
    );
  }
};
