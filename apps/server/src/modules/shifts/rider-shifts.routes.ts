import { idParamSchema } from '@dastak/core/entities/common';
import {
  riderAppShiftSchema,
  riderShiftBreakResultSchema,
  riderShiftBreakSchema,
} from '@dastak/core/entities/shifts';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import * as service from './rider-shift-break.service';

/** Breaks on dated rider shifts, and the rider's own shift for the rider app. */
export const riderShiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/shift/rider-shifts/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_RIDER_SHIFT },
      schema: {
        tags: ['shifts'],
        params: z.object({ id: idParamSchema }),
        body: riderShiftBreakSchema,
        response: { 200: riderShiftBreakResultSchema },
      },
    },
    async (req) => service.giveBreak(app.db, req.params.id, req.body.breakDurationMins),
  );

  app.get(
    '/rider-app/shift/',
    {
      config: { access: ROUTE_ACCESS.RIDER },
      schema: { tags: ['rider-app'], response: { 200: riderAppShiftSchema } },
    },
    async (req) => service.getOwnShift(app.db, currentUser(req).id),
  );
};
