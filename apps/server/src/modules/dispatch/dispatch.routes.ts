import { verticalSchema } from '@dastak/core/entities/common';
import {
  dispatchTaskListSchema,
  riderTasksQuerySchema,
  suggestedRidersParamsSchema,
  suggestedRidersSchema,
  timeSlotsBodySchema,
  timeSlotsQueryParamsSchema,
} from '@dastak/core/entities/dispatch';
import { orderTimeSlotListSchema } from '@dastak/core/entities/lookups';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRiderTasks } from './queue/rider-tasks.service';
import { suggestRiders } from './suggested/suggested-riders.service';
import { listFreeTimeSlots } from './time-slots/time-slots.service';

/** Suggested riders, the rider task queue and free time slots (spec §7 Algorithm, Orders). */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/algorithm/:vertical/suggested-riders/:orderId/',
    {
      config: { access: PERMISSIONS.CAN_ASSIGN_ORDER },
      schema: {
        tags: ['dispatch'],
        params: suggestedRidersParamsSchema,
        response: { 200: suggestedRidersSchema },
      },
    },
    async (req) => suggestRiders(app.db, req.params, { osrmUrl: app.config.OSRM_URL }),
  );

  app.get(
    '/algorithm/:vertical/tasks/',
    {
      // A queue names patients' addresses: staff who see orders, never riders or customers.
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags: ['dispatch'],
        params: z.object({ vertical: verticalSchema }),
        querystring: riderTasksQuerySchema,
        response: { 200: dispatchTaskListSchema },
      },
    },
    async (req) =>
      listRiderTasks(app.db, { vertical: req.params.vertical, riderId: req.query.riderId }),
  );

  app.post(
    '/orders/:vertical/time-slots/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags: ['dispatch'],
        params: z.object({ vertical: verticalSchema }),
        querystring: timeSlotsQueryParamsSchema,
        body: timeSlotsBodySchema,
        response: { 200: orderTimeSlotListSchema },
      },
    },
    async (req) =>
      listFreeTimeSlots(app.db, {
        ...req.body,
        vertical: req.params.vertical,
        slotLength: req.body.slotLength ?? req.query.slotLength,
      }),
  );
};
