import { ERRORS, HTTP_MESSAGES, ORDER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { RouteOptions } from 'fastify';

/** The one error body of every 4xx and 5xx (errors.ts; spec §8). */
export const errorSchema = {
  type: 'object',
  description:
    'Every error answer. `detail` is a sentence to show the user; `errors` comes with validation failures.',
  properties: {
    detail: { type: 'string' },
    errors: {
      type: 'object',
      description: 'Field path -> its messages.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    current: {
      type: 'object',
      description:
        'On a 409 of an edit sent with a stale If-Match: the record as its GET answers it now (with its new `version`).',
    },
    modifiedBy: {
      description: 'Beside `current`: who made the last edit; null when unknown.',
      oneOf: [
        {
          type: 'object',
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
          required: ['id', 'name'],
        },
        { type: 'null' },
      ],
    },
  },
  required: ['detail'],
};

const ERROR_ANSWERS = {
  400: {
    name: 'BadRequest',
    description: 'The request is invalid: `detail` says why, `errors` names each field at fault.',
    example: { detail: VALIDATION.REQUIRED, errors: { timeSlot: [VALIDATION.REQUIRED] } },
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid access token; an expired one answers `jwt expired`.',
    example: { detail: ERRORS.JWT_EXPIRED },
  },
  403: {
    name: 'Forbidden',
    description: "The token's user lacks the permission this operation needs.",
    example: { detail: ERRORS.PERMISSION_DENIED },
  },
  404: {
    name: 'NotFound',
    description: 'No such resource (or one this user may not see).',
    example: { detail: ERRORS.NOT_FOUND },
  },
  409: {
    name: 'Conflict',
    description:
      "The resource's current state does not allow this change; or, for an edit sent with If-Match, someone else changed the record since that version was read: then `current` is the record now and `modifiedBy` who changed it, and nothing was written.",
    example: { detail: ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED },
  },
  410: {
    name: 'Gone',
    description: 'The customer link has expired (feedback links last 48 hours).',
    example: { detail: ERRORS.FEEDBACK_EXPIRED },
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than 1 MiB.',
    example: { detail: HTTP_MESSAGES.BODY_TOO_LARGE },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json`.',
    example: { detail: HTTP_MESSAGES.UNSUPPORTED_MEDIA_TYPE },
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many attempts for this account from this address, from this address, or on this link; `Retry-After` says in how many seconds to try again.',
    example: { detail: ERRORS.TOO_MANY_REQUESTS },
    headers: {
      'Retry-After': {
        description: 'Seconds until the limit that refused the request resets.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** components.responses: one entry per status, each the shared Error schema. */
export function errorResponseComponents() {
  return Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(({ name, description, example, ...rest }) => [
      name,
      {
        description,
        ...('headers' in rest ? { headers: rest.headers } : {}),
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/Error' }, example },
        },
      },
    ]),
  );
}

export const errorResponseRef = (status: ErrorStatus) => ({
  $ref: `#/components/responses/${ERROR_ANSWERS[status].name}`,
});

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The 4xx answers a route can give, read from what the framework does with it: validation
 * (400), the auth hook (401 unless public, 403 for a named permission or the rider app), path
 * ids (404), state-changing calls on our data (409), bodies (413, 415) and rate limits (429).
 */
export function errorStatusesOf(route: RouteOptions, url: string): ErrorStatus[] {
  const methods = [route.method].flat().map((m) => String(m).toUpperCase());
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const access = route.config?.access;
  const isPublic = access === ROUTE_ACCESS.PUBLIC;
  const takesBody = Boolean(schema.body) || methods.some((m) => BODY_METHODS.has(m));
  const statuses: ErrorStatus[] = [];
  if (takesBody || schema.querystring || schema.params || /[:{]/.test(url)) statuses.push(400);
  if (!isPublic) statuses.push(401);
  if (!isPublic && access !== ROUTE_ACCESS.AUTHENTICATED) statuses.push(403);
  if (/[:{]/.test(url)) statuses.push(404);
  if (!isPublic && methods.some((m) => m !== 'GET' && m !== 'HEAD')) statuses.push(409);
  if (takesBody) statuses.push(413, 415);
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit) statuses.push(429);
  // Answers a handler gives itself (a public route that checks its own token, say).
  for (const status of route.config?.errorAnswers ?? []) {
    if (!statuses.includes(status)) statuses.push(status);
  }
  return statuses.sort((a, b) => a - b);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 4xx answers the handler itself gives, beyond those read from the route (above). */
    errorAnswers?: readonly ErrorStatus[];
  }
}
