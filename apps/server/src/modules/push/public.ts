/**
 * What other modules may use of push notifications. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// Tells the dispatchers' browsers that an order became a problem.
export { notifyOrderEscalated } from './push-notifier';
