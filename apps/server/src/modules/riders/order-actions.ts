/**
 * The orders module's rider-side transitions, called (never reimplemented) by the rider app and
 * by the console's force deliver. One import point, so the riders module names what it uses.
 */
export {
  forceDeliverRider,
  listTubes,
  markCollected,
  markDeliveredAtCenter,
  markReached,
  reportProblem,
} from '../orders/public';
