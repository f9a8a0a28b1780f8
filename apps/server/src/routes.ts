import type { FastifyPluginAsync } from 'fastify';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { usersRoutes } from './modules/users/users.routes';

/** Every domain's routes under /api/v1; each module owns its paths (spec §7). */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
  await app.register(lookupsRoutes);
  await app.register(locationsRoutes);
  await app.register(catalogRoutes);
};
