import { z } from 'zod';
import { RATE_LIMITS } from '../constants';
import { API_KEY_MESSAGES } from '../messages/api-keys';
import { PERMISSIONS } from '../permissions';
import { idSchema, paged } from './common';

/**
 * API keys of a lab's systems (docs/decisions/0066-api-keys.md). A key is sent as
 * `Authorization: Bearer dsk_live_…`; its scopes are permission names, and the server treats it
 * as a principal holding exactly those permissions ('Can manage API keys' for every route here).
 *   GET  /api-keys/?page= -> paged ApiKey, newest first (revoked ones too)
 *   POST /api-keys/ {name, scopes, rateLimitPerMinute?} -> ApiKeyCreated 201: the key itself,
 *        shown this once (the server keeps only its SHA-256)
 *   POST /api-keys/{id}/revoke/ -> ApiKey (refused from the next request on, on every server)
 */

/** Every key starts with this, so the auth layer tells a key from a JWT at a glance. */
export const API_KEY_PREFIX = 'dsk_live_';
/** How much of the key the list shows (the prefix and the first characters of the secret). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** The scopes a key may hold: the permission names of what a lab's system does. */
export const API_KEY_SCOPES = [
  PERMISSIONS.CAN_VIEW_ORDER,
  PERMISSIONS.CAN_VIEW_RIDER,
  // The note and follow-up routes of an order are gated by this permission.
  PERMISSIONS.CAN_CHANGE_ORDER,
  PERMISSIONS.CAN_MANAGE_WEBHOOKS,
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 80;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.NAME_REQUIRED })
    .trim()
    .min(1, API_KEY_MESSAGES.NAME_REQUIRED)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.NAME_MAX),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: API_KEY_MESSAGES.SCOPES_REQUIRED })
    .min(1, API_KEY_MESSAGES.SCOPES_REQUIRED)
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** The key's own budget; RATE_LIMITS.API_KEYS.PER_KEY_DEFAULT when absent. */
  rateLimitPerMinute: z
    .number({ error: API_KEY_MESSAGES.RATE_LIMIT_RANGE })
    .int(API_KEY_MESSAGES.RATE_LIMIT_RANGE)
    .min(RATE_LIMITS.API_KEYS.PER_KEY_MIN, API_KEY_MESSAGES.RATE_LIMIT_RANGE)
    .max(RATE_LIMITS.API_KEYS.PER_KEY_MAX, API_KEY_MESSAGES.RATE_LIMIT_RANGE)
    .optional(),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The key's first characters (dsk_live_ and 8 more), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  rateLimitPerMinute: z.number().int(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
  /** Karachi time, like every time the API answers. */
  created: z.string(),
  /** The last request the key was accepted for, to the minute; null when never used. */
  lastUsed: z.string().nullable(),
  revoked: z.string().nullable(),
  revokedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyPageSchema = paged(apiKeySchema);

/** The create's answer: the key record and the key itself, which is never shown again. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
