import { z } from 'zod';
import { PUSH_ENDPOINT_MAX, PUSH_REGIONS_MAX } from '../constants';
import { PUSH_MESSAGES } from '../messages';
import { idSchema } from './common';

/**
 * Web push (docs/decisions/0029-web-push.md). The body of POST /push/subscriptions/ is the
 * browser's PushSubscription.toJSON() plus the regions the dashboard shows; the server checks
 * the scheme (https, or loopback http when PUSH_ALLOW_HTTP is on) and that the keys are a real
 * P-256 point and a 16-byte secret.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.KEY_INVALID);

export const pushEndpointSchema = z
  .url({ protocol: /^https?$/, error: PUSH_MESSAGES.ENDPOINT_NOT_HTTPS })
  .max(PUSH_ENDPOINT_MAX);

export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: pushEndpointSchema,
  /** Sent by the browser; push services expire subscriptions with a 404/410 anyway. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's ECDH P-256 public key, uncompressed (65 bytes, 87 characters). */
    p256dh: base64url(100),
    /** The 16-byte authentication secret (22 characters). */
    auth: base64url(32),
  }),
  /** The regions this browser's dashboard shows; pushes for their orders come here. Omitted:
   * the regions already followed stay. */
  regionIds: z.array(idSchema).max(PUSH_REGIONS_MAX).optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** The rider app's subscription (ADR 0063): its own tasks only, so no regions. */
export const riderPushSubscriptionBodySchema = pushSubscriptionBodySchema.omit({ regionIds: true });

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: pushEndpointSchema });

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

export const pushSubscriptionResultSchema = z.object({
  detail: z.string(),
  regionIds: z.array(idSchema),
});

/** What a notification carries (the service worker shows it): never patient data. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page to open: the console path of the order, under /app, or the rider app's /rider/. */
  url: z.string(),
  /** Same tag, same notification: a repeat replaces rather than stacks. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
