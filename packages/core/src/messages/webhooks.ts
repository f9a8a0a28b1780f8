/*
 * Kept apart from messages.ts (the console's shell) so that only the webhooks page downloads
 * them (docs/decisions/0042-feature-messages.md).
 */

/** Webhook subscriptions (docs/decisions/0067-webhooks.md). */
export const WEBHOOK_MESSAGES = {
  URL_REQUIRED: 'Enter the address to deliver to',
  URL_INVALID: 'Enter a valid address',
  URL_NOT_HTTPS: 'The webhook address must be an https address',
  URL_MAX: 'The address must be at most 2000 characters',
  EVENTS_REQUIRED: 'Select at least one event',
  DESCRIPTION_MAX: 'Description must be at most 200 characters',
  CREATED: 'Webhook created. Copy the signing secret now: it is not shown again.',
  UPDATED: 'Webhook updated',
  DELETED: 'Webhook deleted',
  SECRET_ROTATED: 'New signing secret made. Copy it now: it is not shown again.',
  REDELIVERY_QUEUED: 'Queued to be sent again',
  SUBSCRIPTION_INACTIVE: 'This webhook is paused: resume it before sending again',
} as const;
