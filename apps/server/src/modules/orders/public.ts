/**
 * What other modules may use of orders. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// The order actions other modules start (rider app, bulk reassign) or tests walk orders through.
export { assignOrder, reassignOrderInTx } from './actions/order-assign.service';
export { forceDeliverRider } from './actions/order-lifecycle.service';
export {
  markCollected,
  markDeliveredAtCenter,
  markReached,
  reportProblem,
} from './actions/order-rider.service';
// A customer's or rider's orders, paged.
export { orderHistoryPage } from './detail/order-history.repository';
// Locks an order of a vertical (404 otherwise).
export { loadOrder } from './order-action';
export { lockOrder, lockOrders } from './orders.repository';
// The /orders/{vertical}/{id}/ path parameters.
export { orderPathSchema } from './orders.schemas';
// The sample tubes of orders (the rider app's tasks list their labels; ADR 0062).
export { listTubes } from './tubes/tubes.repository';
