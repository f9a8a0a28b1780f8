import type { FastifyPluginAsync } from 'fastify';
import { attendanceListRoutes } from './modules/attendance/attendance-list.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { revokeSessionsIn } from './modules/auth/auth.service';
import { bulkReassignRoutes } from './modules/bulk-reassign/bulk-reassign.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { customerAddressDeleteRoutes } from './modules/customers/customer-address-delete.routes';
import { customerAddressesRoutes } from './modules/customers/customer-addresses.routes';
import { customerSearchRoutes } from './modules/customers/customer-search.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { geocoderRoutes } from './modules/customers/geocoder.routes';
import { patientsRoutes } from './modules/customers/patients.routes';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { embedsRoutes } from './modules/embeds/embeds.routes';
import { customerLinksRoutes } from './modules/feedback/customer-links.routes';
import { publicFeedbackRoutes } from './modules/feedback/public-feedback.routes';
import { issueReportsRoutes } from './modules/issue-reports/issue-reports.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { orderDetailRoutes } from './modules/orders/detail/order-detail.routes';
import { orderEditsRoutes } from './modules/orders/edits/order-edits.routes';
import { orderListRoutes } from './modules/orders/list/order-list.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { partialOrdersRoutes } from './modules/orders/partial/partial-orders.routes';
import { pushRoutes } from './modules/push/push.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { riderAppRoutes } from './modules/riders/rider-app.routes';
import { ridersRoutes } from './modules/riders/riders.routes';
import { shiftsRoutes } from './modules/shifts/shifts.routes';
import { usersRoutes } from './modules/users/users.routes';

/** Every domain's routes under /api/v1; each module owns its paths (spec §7). */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  // Deactivating a staff account ends its sessions, which are auth's (auth is above users).
  await app.register(usersRoutes, { revokeSessionsIn });
  await app.register(ordersRoutes);
  await app.register(orderEditsRoutes);
  await app.register(orderListRoutes);
  await app.register(orderDetailRoutes);
  await app.register(partialOrdersRoutes);
  await app.register(lookupsRoutes);
  await app.register(locationsRoutes);
  await app.register(customerSearchRoutes);
  await app.register(customerAddressDeleteRoutes);
  await app.register(customersRoutes);
  await app.register(customerAddressesRoutes);
  await app.register(patientsRoutes);
  await app.register(geocoderRoutes);
  await app.register(catalogRoutes);
  await app.register(ridersRoutes);
  await app.register(riderAppRoutes);
  // Bulk reassign composes dispatch's solver with the orders' reassign: a module above both
  // (docs/decisions/0059-import-boundaries.md).
  await app.register(bulkReassignRoutes);
  await app.register(dispatchRoutes);
  await app.register(dashboardRoutes);
  await app.register(pushRoutes);
  await app.register(realtimeRoutes);
  await app.register(shiftsRoutes);
  await app.register(attendanceListRoutes);
  await app.register(publicFeedbackRoutes);
  await app.register(customerLinksRoutes);
  await app.register(reportsRoutes);
  await app.register(issueReportsRoutes);
  await app.register(embedsRoutes);
  await app.register(auditRoutes);
};
