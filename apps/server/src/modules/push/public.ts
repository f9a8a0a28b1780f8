/**
 * What other modules may use of push notifications. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// Tells the dispatchers' browsers that an order became a problem.
// Rings the rider's phone when a task joins their queue (rider app, ADR 0063).
export { notifyOrderEscalated, notifyRiderTask } from './push-notifier';
