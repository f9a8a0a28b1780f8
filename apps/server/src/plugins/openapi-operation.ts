import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '@dastak/core/constants';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorStatusesOf } from './openapi-errors';
import { toWireCase } from './openapi-wire-case';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type SchemaOut = Record<string, unknown>;

/** Where the error statuses ride from this transform to the document transform. */
export const ERROR_STATUSES_KEY = 'x-dastak-error-statuses';

const IDEMPOTENCY_KEY_HEADER = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: IDEMPOTENCY_KEY_MIN,
      maxLength: IDEMPOTENCY_KEY_MAX,
      description:
        'The same key and request replays the first answer without applying it again; the same key with another request is 409 REPLAY_DIFFERS.',
    },
  },
};

/**
 * The per-route half of the OpenAPI transform (the document half is openapi-document.ts): zod
 * -> JSON schema, then the wire format and what every operation carries, so a route added
 * later is documented right without doing anything.
 */
export function openapiRouteTransform(input: TransformInput) {
  const route = (input as { route?: RouteOptions }).route;
  // Only the API is documented: the console's files (/app/*) and the / redirect are not.
  if (!route || !input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
  const out: SchemaOut = { ...(schema as SchemaOut) };
  if (out.hide) return { schema: out, url };

  // Request keys travel snake_case (spec §7); responses are camelCase as the schemas say.
  if (out.body) out.body = toWireCase(out.body);
  if (out.querystring) out.querystring = toWireCase(out.querystring);

  const method = [route.method].flat()[0]?.toString().toUpperCase() ?? 'GET';
  const apiPath = url.replace(/^\/api(\/v1)?/, '');
  out.operationId ??= operationIdOf(method, apiPath);
  out.summary ??= summaryOf(method, apiPath);
  out.tags ??= [apiPath.split('/').filter(Boolean)[0] ?? 'api'];
  if (route.config?.access === ROUTE_ACCESS.PUBLIC) out.security = [];
  // The rider app's writes replay safely with a key (ADR 0062); documented, checked by the helper.
  if (route.config?.access === ROUTE_ACCESS.RIDER && method !== 'GET' && !out.headers) {
    out.headers = IDEMPOTENCY_KEY_HEADER;
  }
  out[ERROR_STATUSES_KEY] = errorStatusesOf(route, url);
  return { schema: out, url };
}

/** `post /orders/:vertical/:id/reassign/` -> `postOrdersByVerticalByIdReassign`. */
export function operationIdOf(method: string, apiPath: string) {
  const words = apiPath
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.match(/^(?::(\w+)|\{(\w+)\})$/);
      const name = param ? `by ${param[1] ?? param[2]}` : segment;
      return name.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/**
 * `post /orders/:vertical/:id/reassign/` -> `Post orders reassign`, `get /orders/:vertical/:id/`
 * -> `Get orders by id`: the method and the path's words, beside the path the UI already shows.
 * A route may set `schema.summary` itself.
 */
export function summaryOf(method: string, apiPath: string) {
  const segments = apiPath.split('/').filter(Boolean);
  const words = segments.flatMap((segment, i) => {
    const param = segment.match(/^(?::(\w+)|\{(\w+)\})$/);
    if (!param) return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    // Only a trailing parameter names what the call is about; inner ones are scopes.
    return i === segments.length - 1 ? ['by', param[1] ?? param[2] ?? ''] : [];
  });
  const verb = method[0]?.toUpperCase() + method.slice(1).toLowerCase();
  return [verb, ...words].join(' ');
}
