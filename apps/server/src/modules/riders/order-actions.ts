/**
 * The orders module's rider-side transitions, called (never reimplemented) by the rider app and
 * by the console's force deliver. One import point, so the riders module names what it uses.
 */
export { forceDeliverRider } from '../orders/order-lifecycle.service';
export {
  markCollected,
  markDeliveredAtCenter,
  markReached,
  reportProblem,
} from '../orders/order-rider.service';
