import { z } from 'zod';
import { WEBHOOK_MESSAGES } from '../messages/webhooks';
import { idSchema, paged, pageQuerySchema } from './common';

/**
 * Webhooks (docs/decisions/0067-webhooks.md): a lab's systems subscribe an https address to
 * order events; each event is POSTed once per subscription, in order per order, signed.
 *   GET    /webhooks/                      -> WebhookSubscription[]
 *   POST   /webhooks/ {url, events, description?, is_active?} -> {subscription, secret} 201
 *   PATCH  /webhooks/{id}/ {url?, events?, description?, is_active?} -> WebhookSubscription
 *   DELETE /webhooks/{id}/                 -> 204
 *   POST   /webhooks/{id}/rotate-secret/   -> {subscription, secret}
 *   GET    /webhooks/{id}/deliveries/?state=&page= -> paged WebhookDelivery (newest first)
 *   POST   /webhooks/{id}/deliveries/{deliveryId}/redeliver/ -> WebhookDelivery 201
 * All need 'Can manage webhooks'.
 */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.assigned',
  'order.reached',
  'order.collected',
  'order.delivered',
  'order.cancelled',
  'order.rescheduled',
  'sample.at_risk',
  'tubes.handed_over',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order created',
  'order.assigned': 'Order assigned',
  'order.reached': 'Rider reached',
  'order.collected': 'Sample collected',
  'order.delivered': 'Sample delivered',
  'order.cancelled': 'Order cancelled',
  'order.rescheduled': 'Order rescheduled',
  'sample.at_risk': 'Sample at risk',
  'tubes.handed_over': 'Tubes handed over',
};

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_URL_MAX = 2000;

export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.URL_REQUIRED })
  .trim()
  .min(1, WEBHOOK_MESSAGES.URL_REQUIRED)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.URL_MAX)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.URL_INVALID }));

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.EVENTS_REQUIRED })
  .min(1, WEBHOOK_MESSAGES.EVENTS_REQUIRED)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z.string().trim().max(200, WEBHOOK_MESSAGES.DESCRIPTION_MAX);

export const webhookCreateSchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
  isActive: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  isActive: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSubscriptionSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  isActive: z.boolean(),
  /** The secret's last four characters, to tell secrets apart; the secret is shown once. */
  secretHint: z.string(),
  pendingCount: z.number().int().nonnegative(),
  failedCount: z.number().int().nonnegative(),
  created: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** A create or a rotation: the signing secret, shown this once. */
export const webhookWithSecretSchema = z.object({
  detail: z.string(),
  subscription: webhookSubscriptionSchema,
  secret: z.string(),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.array(webhookSubscriptionSchema);

export const webhookAttemptSchema = z.object({
  id: idSchema,
  at: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: idSchema,
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  orderId: idSchema,
  orderNumber: z.string().nullable(),
  /** The event's place among this subscription's events of the order (1, 2, ...). */
  sequence: z.number().int().positive(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int().nonnegative(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  created: z.string(),
  /** A 'send again' copies an earlier delivery: its id. */
  redeliveryOf: idSchema.nullable(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = paged(webhookDeliverySchema);

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

/** What a subscriber receives: the body of each POST (Stripe's envelope). */
export const webhookEventBodySchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  created: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;
