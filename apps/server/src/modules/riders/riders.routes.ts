import { detailResponseSchema } from '@dastak/core/entities/auth';
import {
  createdReplySchema,
  idListParamSchema,
  idParamSchema,
  pageQuerySchema,
} from '@dastak/core/entities/common';
import { riderOrderPageSchema } from '@dastak/core/entities/orders';
import {
  riderCreateSchema,
  riderFlagsReplySchema,
  riderFlagsSchema,
  riderForceDeliverReplySchema,
  riderListQuerySchema,
  riderPageSchema,
  riderPositionSchema,
  riderSchema,
  riderStatsSchema,
  riderSummaryListSchema,
  riderTrailSchema,
  riderUpdateSchema,
} from '@dastak/core/entities/riders';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../lib/actor';
import { limitOffset, pageResponse } from '../../lib/paging';
import { currentUser } from '../../plugins/auth';
import * as admin from './rider-admin.service';
import * as service from './riders.service';

const tags = ['riders'];
const idParams = z.object({ id: idParamSchema });
const regionsQuery = z.object({
  regions: idListParamSchema.default([]),
  search: z.string().default(''),
});

/** Staff rider endpoints (spec §7 Staff and riders). */
export const ridersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/entity/riders/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER },
      schema: { tags, querystring: riderListQuerySchema, response: { 200: riderPageSchema } },
    },
    async (req) => {
      const { count, results } = await service.listRiders(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );

  // Pickers (orders' rider filter, shift rider picker): every active rider of the regions.
  app.get(
    '/entity/riders-np/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: { tags, querystring: regionsQuery, response: { 200: riderSummaryListSchema } },
    },
    async (req) => service.listRiderOptions(app.db, req.query),
  );

  app.get(
    '/entity/rider-search/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: { tags, querystring: regionsQuery, response: { 200: riderSummaryListSchema } },
    },
    async (req) => service.listRiderOptions(app.db, { ...req.query, capped: true }),
  );

  // The dashboard's rider list: online riders only ('Last active' from lastSeenAt).
  app.get(
    '/entity/online-riders/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_DASHBOARD },
      schema: { tags, querystring: regionsQuery, response: { 200: riderSummaryListSchema } },
    },
    async (req) => service.listRiderOptions(app.db, { ...req.query, onlineOnly: true }),
  );

  app.get(
    '/entity/rider/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER },
      schema: { tags, params: idParams, response: { 200: riderSchema } },
    },
    async (req) => service.getRider(app.db, req.params.id),
  );

  // Polled by order detail while a rider is on the way, so order viewers may read it.
  app.get(
    '/entity/rider_location/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        params: idParams,
        response: {
          200: riderPositionSchema,
        },
      },
    },
    async (req) => service.getRiderLocation(app.db, req.params.id),
  );

  // The dashboard map's trail of the selected rider.
  app.get(
    '/entity/rider_location/:id/trail/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_DASHBOARD },
      schema: { tags, params: idParams, response: { 200: riderTrailSchema } },
    },
    async (req) => service.getRiderTrail(app.db, req.params.id),
  );

  app.get(
    '/stats/rider/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_DASHBOARD },
      schema: {
        tags,
        querystring: z.object({ regionId: idParamSchema.optional() }),
        response: { 200: riderStatsSchema },
      },
    },
    async (req) => service.getRiderStats(app.db, req.query.regionId),
  );

  app.get(
    '/orders/history/rider/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER },
      schema: {
        tags,
        querystring: pageQuerySchema.extend({ riderId: idParamSchema }),
        response: { 200: riderOrderPageSchema },
      },
    },
    async (req) => {
      const { count, results } = await service.getRiderOrderHistory(
        app.db,
        req.query.riderId,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );

  app.post(
    '/entity/rider-create/',
    {
      config: { access: PERMISSIONS.CAN_ADD_RIDER },
      schema: {
        tags,
        body: riderCreateSchema,
        response: { 201: createdReplySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await admin.createRider(app.db, req.body)),
  );

  app.put(
    '/entity/rider-update/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_USER },
      schema: {
        tags,
        params: idParams,
        body: riderUpdateSchema.extend({ address: z.string().trim().max(500).nullish() }),
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => admin.updateRider(app.db, req.params.id, req.body),
  );

  // Duty needs 'Can assign order' or CAN_CHANGE_USER; wildcard and covid need CAN_CHANGE_USER.
  // One route permission cannot say that, so the route is staff-only here and the handler checks.
  app.patch(
    '/entity/riders/mark_off_duty/:id/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags,
        params: idParams,
        body: riderFlagsSchema,
        response: {
          200: riderFlagsReplySchema,
        },
      },
    },
    async (req) => {
      admin.authoriseFlags(currentUser(req), req.body);
      return admin.setRiderFlags(app.db, req.params.id, req.body);
    },
  );

  app.get(
    '/entity/rider_force_deliver/:id/',
    {
      config: { access: PERMISSIONS.CAN_DELIVER_ORDER },
      schema: {
        tags,
        params: idParams,
        response: { 200: riderForceDeliverReplySchema },
      },
    },
    async (req) => admin.forceDeliver(app.db, req.params.id, actorFromRequest(req)),
  );
};
