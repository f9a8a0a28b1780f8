import type { FastifyPluginAsync } from 'fastify';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { customerAddressDeleteRoutes } from './modules/customers/customer-address-delete.routes';
import { customerSearchRoutes } from './modules/customers/customer-search.routes';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { orderDetailRoutes } from './modules/orders/order-detail.routes';
import { orderEditsRoutes } from './modules/orders/order-edits.routes';
import { orderListRoutes } from './modules/orders/order-list.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { riderAppRoutes } from './modules/riders/rider-app.routes';
import { ridersRoutes } from './modules/riders/riders.routes';
import { usersRoutes } from './modules/users/users.routes';

/** Every domain's routes under /api/v1; each module owns its paths (spec §7). */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
  await app.register(ordersRoutes);
  await app.register(orderEditsRoutes);
  await app.register(orderListRoutes);
  await app.register(orderDetailRoutes);
  await app.register(lookupsRoutes);
  await app.register(locationsRoutes);
  await app.register(customerSearchRoutes);
  await app.register(customerAddressDeleteRoutes);
  await app.register(catalogRoutes);
  await app.register(ridersRoutes);
  await app.register(riderAppRoutes);
  await app.register(dispatchRoutes);
};
