import type { FastifyInstance } from 'fastify';

/**
 * Declares every route of a scope public. Used only for routes that third-party plugins register
 * (API docs, static console files), which cannot carry our `config.access` themselves.
 */
export function declarePublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}
