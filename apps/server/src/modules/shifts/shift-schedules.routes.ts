import { idParamSchema, noContentSchema } from '@dastak/core/entities/common';
import {
  copyShiftSchema,
  shiftDemandQuerySchema,
  shiftDemandSchema,
  shiftOptionListSchema,
  shiftScheduleCreateSchema,
  shiftScheduleListQuerySchema,
  shiftScheduleListSchema,
  shiftScheduleSchema,
  shiftScheduleUpdateSchema,
} from '@dastak/core/entities/shifts';
import { ifMatchHeadersSchema } from '@dastak/core/entities/versioning';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editOf, withETag } from '../../lib/versioning';
import { getShiftDemand } from './shift-demand.service';
import * as service from './shift-schedules.service';

const tags = ['shifts'];
const params = z.object({ id: idParamSchema });
const view = { access: PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE };
const change = { access: PERMISSIONS.CAN_CHANGE_SHIFT_SCHEDULE };

/** Weekly shift schedules (spec §7 Shifts and attendance) and the demand view. */
export const shiftSchedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shift/shift-schedules/',
    {
      config: view,
      schema: {
        tags,
        querystring: shiftScheduleListQuerySchema,
        response: { 200: shiftScheduleListSchema },
      },
    },
    async (req) => service.listSchedules(app.db, req.query),
  );

  app.post(
    '/shift/shift-schedules/',
    {
      config: change,
      schema: { tags, body: shiftScheduleCreateSchema, response: { 201: shiftScheduleSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createSchedule(app.db, req.body)),
  );

  app.get(
    '/shift/shift-schedules/demand/',
    {
      config: view,
      schema: { tags, querystring: shiftDemandQuerySchema, response: { 200: shiftDemandSchema } },
    },
    async (req) => getShiftDemand(app.db, req.query),
  );

  app.get(
    '/shift/shift-schedules/:id/',
    { config: view, schema: { tags, params, response: { 200: shiftScheduleSchema } } },
    async (req, reply) => withETag(reply, await service.getSchedule(app.db, req.params.id)),
  );

  app.patch(
    '/shift/shift-schedules/:id/',
    {
      config: change,
      schema: {
        tags,
        params,
        headers: ifMatchHeadersSchema,
        body: shiftScheduleUpdateSchema,
        response: { 200: shiftScheduleSchema },
      },
    },
    async (req, reply) =>
      withETag(reply, await service.updateSchedule(app.db, req.params.id, req.body, editOf(req))),
  );

  app.delete(
    '/shift/shift-schedules/:id/',
    { config: change, schema: { tags, params, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await service.deleteSchedule(app.db, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/shift/copy-shift-schedule/:id/',
    {
      config: change,
      schema: { tags, params, body: copyShiftSchema, response: { 201: shiftScheduleSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.copySchedule(app.db, req.params.id, req.body.weekday)),
  );

  // The attendance screen's shift select (CAN_VIEW_RIDER_SHIFT, as the attendance route).
  app.get(
    '/shift/shifts/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER_SHIFT },
      schema: {
        tags,
        querystring: z.object({ region: idParamSchema.optional() }),
        response: { 200: shiftOptionListSchema },
      },
    },
    async (req) => service.listShiftOptions(app.db, req.query.region),
  );
};
