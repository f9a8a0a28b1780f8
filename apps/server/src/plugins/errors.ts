import type { Socket } from 'node:net';
import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable';
import { DomainError, type DomainErrorCode } from '../lib/domain-errors';
import { FHIR_CONTENT_TYPE, fhirErrorBody, isFhirPath } from '../modules/fhir/public';
import { methodNotAllowedPlugin } from './method-not-allowed';

/**
 * The status each domain error answers with: the one place the server's errors meet HTTP
 * (docs/decisions/0060-domain-errors.md). `refused` and `conflict` both answer 409.
 */
const HTTP_STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  refused: 409,
  conflict: 409,
  expired: 410,
  rate_limited: 429,
};

/** Fastify's own refusals, by code: the status we answer and the sentence from core. */
const FRAMEWORK_ERRORS: Record<string, [status: number, detail: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, HTTP_MESSAGES.BAD_JSON],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, HTTP_MESSAGES.EMPTY_JSON_BODY],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, HTTP_MESSAGES.BAD_REQUEST],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, HTTP_MESSAGES.UNSUPPORTED_MEDIA_TYPE],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, HTTP_MESSAGES.BODY_TOO_LARGE],
  // A path segment that is not valid URL encoding or longer than any id names nothing: 404,
  // as an unknown path would (the router answers these before any route is chosen).
  FST_ERR_BAD_URL: [404, ERRORS.NOT_FOUND],
  FST_ERR_MAX_PARAM_LENGTH: [404, ERRORS.NOT_FOUND],
};

/** Any other 4xx a plugin raises: the status kept, a sentence from core, never its English. */
const STATUS_DETAILS: Record<number, string> = {
  400: HTTP_MESSAGES.BAD_REQUEST,
  404: ERRORS.NOT_FOUND,
  405: HTTP_MESSAGES.METHOD_NOT_ALLOWED,
  408: HTTP_MESSAGES.REQUEST_TIMEOUT,
  413: HTTP_MESSAGES.BODY_TOO_LARGE,
  414: HTTP_MESSAGES.URL_TOO_LONG,
  415: HTTP_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  429: ERRORS.TOO_MANY_REQUESTS,
  431: HTTP_MESSAGES.HEADERS_TOO_LARGE,
};

/**
 * How long a client waits before retrying a call the database could not serve (a restart or a
 * failover takes seconds); the console and the rider app retry reads after it (ADR 0064).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A 429 that names no wait (a plugin's own) says to wait a minute, the longest limit window. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every 429 the server gives goes through here, so each tells the client when to come back
 * (Retry-After, RFC 9110), whether the limiter or a plugin refused (ADR 0052).
 */
function retryAfter(reply: FastifyReply, status: number, seconds?: number) {
  if (status !== 429 || (seconds === undefined && reply.hasHeader('retry-after'))) return reply;
  return reply.header('retry-after', String(seconds ?? DEFAULT_RETRY_AFTER_SECONDS));
}

function frameworkError(error: FastifyError, reply: FastifyReply, url?: string) {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  const status = known?.[0] ?? error.statusCode ?? 400;
  const detail = known?.[1] ?? STATUS_DETAILS[status] ?? ERRORS.GENERIC;
  // The router refuses before any route is chosen: under /fhir/ it still answers in FHIR (ADR 0068).
  if (url && isFhirPath(url)) {
    return retryAfter(reply, status)
      .code(status)
      .type(FHIR_CONTENT_TYPE)
      .send(fhirErrorBody(status, detail));
  }
  return retryAfter(reply, status).code(status).send({ detail });
}

/**
 * Errors node's HTTP parser raises before Fastify sees a request (a request line or headers past
 * maxHeaderSize: 431; a request that does not arrive in time: 408; anything unparsable: 400).
 * Fastify's default answers these with its own body; this one answers `{detail}` like every
 * other error, then closes the socket as node does.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HTTP_MESSAGES.HEADERS_TOO_LARGE]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', HTTP_MESSAGES.REQUEST_TIMEOUT]
        : [400, 'Bad Request', HTTP_MESSAGES.BAD_REQUEST];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Server options that route framework failures (the router's bad URLs, the HTTP parser's
 * oversized headers) into the same `{detail}` shape; spread into the Fastify() call.
 */
export const errorServerOptions = {
  clientErrorHandler,
  // Fastify's own 503 while closing has a body of its own shape; errorsPlugin answers instead.
  return503OnClosing: false,
  frameworkErrors: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
    frameworkError(error, reply, req.url),
} satisfies Partial<FastifyServerOptions>;

/**
 * One error shape for every failure: `{detail}` plus `errors: {field: [messages]}` on
 * validation (spec §8). 5xx never leak internals; they are logged (and sent to Sentry when set).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // 404 `{detail}` for an unknown path; 405 with Allow for a known one's wrong method (ADR 0050).
  await app.register(methodNotAllowedPlugin);

  // Draining on SIGTERM (ADR 0032): a request that arrives on a kept-alive connection after the
  // close began is turned away with 503 `{detail}`, and the connection closes so the client's
  // retry goes to a live instance. Requests already in flight finish normally.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    // Not through the route's response schema: a route's own 503 (health's) has another shape.
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ detail: ERRORS.SHUTTING_DOWN });
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof DomainError) {
      const status = HTTP_STATUS[error.code];
      const { errors, retryAfterSeconds, extra } = error.options;
      return retryAfter(reply, status, retryAfterSeconds)
        .code(status)
        .send({ detail: error.detail, ...(errors && { errors }), ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path parameter that does not parse (an id out of range, an unknown vertical) names
      // no resource: 'Not found.', as an unknown path is, not a 400 about the URL.
      if (error.validationContext === 'params') {
        return reply.code(404).send({ detail: ERRORS.NOT_FOUND });
      }
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[path] ??= [];
        errors[path].push(v.message ?? ERRORS.VALIDATION_FAILED);
      }
      const first = Object.values(errors)[0]?.[0] ?? ERRORS.VALIDATION_FAILED;
      return reply.code(400).send({ detail: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return frameworkError(error, reply);
    // A database that is down or restarting is not this request's fault: 503, come back soon.
    if (isDatabaseUnreachable(error)) {
      req.log.warn({ err: error }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: ERRORS.DATABASE_UNAVAILABLE });
    }
    req.log.error({ err: error }, 'unhandled error');
    app.reportError?.(error);
    // The request id lets support find the logged error from what the user saw.
    return reply.code(500).send({ detail: ERRORS.SERVER, requestId: req.id });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    reportError?: (err: unknown) => void;
  }
}
