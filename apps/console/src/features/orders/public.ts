/**
 * What other features use of the orders feature, and all they may import from it (DESIGN rule 1,
 * ADR 0059). Named re-exports, no barrel: add a name when another feature needs it. A module
 * re-exported here that does work on load (core's zod schemas, say) ships with every importer,
 * whichever name it uses: the dashboard's first download rose by 39 kB with the Copy Order buffer
 * here, so that lives in lib/. Users:
 * - dashboard: the map popups' Cancel opens the orders' action dialog, loaded on first use
 *   (spec §2.5);
 * - order-create: the same free time slots, the test search, and the order keys, to refresh the
 *   lists once an order is made;
 * - riders: bulk re-assign asks for a re-assign reason as the order's own dialog does;
 * - customers: the order drawer, and the surveys' text messages polled as the order links are;
 * - palette: an order number looked up through the list's call;
 * - audit: the staff select, with the list's 'created by' options.
 */
export { getTimeSlots } from './actions/api/get-time-slots';
export { loadOrderActionDialog } from './actions/load-order-action-dialog';
export { ReasonSelect } from './actions/reason-select';
export { useOrderQuery } from './api/get-order';
export { hasMessageInFlight, MESSAGE_POLL_MS } from './api/get-order-links';
export { getOrders } from './api/get-orders';
export { useLocateOrderQuery } from './api/locate-order';
export { orderKeys } from './api/order-keys';
export { scanTypeSearchQueryOptions, useScanTypeSearchQuery } from './api/search-scan-types';
export { useStaffOptionsQuery } from './list/filter-options/get-staff-options';
