import { HTTP_MESSAGES } from '@dastak/core/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../lib/domain-errors';
import { JSON_MAX_DEPTH, jsonDeeperThan } from '../lib/limits';

/**
 * An empty body sent as application/json is no body, as a request without one is: clients send
 * `Content-Type: application/json` on every call, bodiless POSTs (logout) included. Fastify's
 * default refuses that with a 400; routes that need a body still say 'Required field' through
 * their schema. Non-empty bodies go through Fastify's own parser (prototype poisoning refused),
 * after a check that they nest no deeper than JSON_MAX_DEPTH (lib/limits.ts): a 400, not a stack
 * overflow in the recursive walks after parsing.
 */
export const emptyJsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    if (jsonDeeperThan(body as string, JSON_MAX_DEPTH)) {
      done(invalid(HTTP_MESSAGES.JSON_TOO_DEEP), undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
});
