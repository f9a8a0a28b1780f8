import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keysToCamel } from '../lib/case';

/**
 * Requests arrive snake_case (spec §7) and are camelCased here, before validation, so every
 * schema and service speaks camelCase. Responses are built camelCase and sent as they are.
 */
export const caseBoundaryPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (req.body && typeof req.body === 'object') req.body = keysToCamel(req.body);
    if (req.query && typeof req.query === 'object')
      req.query = keysToCamel(req.query) as typeof req.query;
  });
});
