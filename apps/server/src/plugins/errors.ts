import { ERRORS } from '@dastak/core/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

/**
 * One error shape for every failure: `{detail}` plus `errors: {field: [messages]}` on
 * validation (spec §8). 5xx never leak internals; they are logged (and sent to Sentry when set).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: ERRORS.NOT_FOUND }));

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(
          error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
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
    if (status >= 400 && status < 500) {
      // Framework errors (bad JSON, payload too large, rate limit): keep the status, plain detail.
      const detail = status === 429 ? ERRORS.TOO_MANY_REQUESTS : error.message || ERRORS.GENERIC;
      return reply.code(status).send({ detail });
    }
    req.log.error({ err: error }, 'unhandled error');
    app.reportError?.(error);
    return reply.code(500).send({ detail: ERRORS.SERVER });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    reportError?: (err: unknown) => void;
  }
}
