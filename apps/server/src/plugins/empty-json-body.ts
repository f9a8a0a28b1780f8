import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An empty body sent as application/json is no body, as a request without one is: clients send
 * `Content-Type: application/json` on every call, bodiless POSTs (logout) included. Fastify's
 * default refuses that with a 400; routes that need a body still say 'Required field' through
 * their schema. Non-empty bodies go through Fastify's own parser (prototype poisoning refused).
 */
export const emptyJsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
});
