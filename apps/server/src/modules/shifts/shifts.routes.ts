import type { FastifyPluginAsync } from 'fastify';
import { riderShiftsRoutes } from './rider-shifts.routes';
import { shiftRidersRoutes } from './shift-riders.routes';
import { shiftSchedulesRoutes } from './shift-schedules.routes';

/** The shifts module's routes: schedules, riders on them, breaks, the rider's own shift. */
export const shiftsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(shiftSchedulesRoutes);
  await app.register(shiftRidersRoutes);
  await app.register(riderShiftsRoutes);
};
