import { idParamSchema, noContentSchema } from '@dastak/core/entities/common';
import {
  riderShiftScheduleCreateSchema,
  riderShiftScheduleUpdateSchema,
  shiftRiderAssignmentListSchema,
  shiftRiderAssignmentSchema,
} from '@dastak/core/entities/shifts';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './shift-riders.service';

const tags = ['shifts'];
const params = z.object({ id: idParamSchema });
const change = { access: PERMISSIONS.CAN_CHANGE_SHIFT_SCHEDULE };

/** Riders on a weekly schedule, each with a hotspot (the shift detail). */
export const shiftRidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shift/rider-shift-schedules/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE },
      schema: {
        tags,
        querystring: z.object({ shiftSchedule: idParamSchema }),
        response: { 200: shiftRiderAssignmentListSchema },
      },
    },
    async (req) => service.listShiftRiders(app.db, req.query.shiftSchedule),
  );

  app.post(
    '/shift/rider-shift-schedules/',
    {
      config: change,
      schema: {
        tags,
        body: riderShiftScheduleCreateSchema,
        response: { 201: shiftRiderAssignmentSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addShiftRider(app.db, req.body)),
  );

  app.put(
    '/shift/rider-shift-schedules/:id/',
    {
      config: change,
      schema: {
        tags,
        params,
        body: riderShiftScheduleUpdateSchema,
        response: { 200: shiftRiderAssignmentSchema },
      },
    },
    async (req) => service.updateShiftRider(app.db, req.params.id, req.body),
  );

  app.delete(
    '/shift/rider-shift-schedules/:id/',
    { config: change, schema: { tags, params, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await service.removeShiftRider(app.db, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
