/**
 * What other modules may use of webhooks (docs/decisions/0067-webhooks.md): the order
 * activities hand their rows' events here, in the transaction of the change, and the jobs start
 * the relay. Other modules import only this file (docs/decisions/0059-import-boundaries.md).
 */
export { enqueueOrderEvents, eventsOfActivities, type OrderEvent } from './webhook-events';
export { startWebhookRelay } from './webhook-relay';
export {
  backlog as webhookBacklog,
  claimSampleNotices as claimWebhookSampleNotices,
} from './webhooks.repository';
