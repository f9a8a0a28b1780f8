import { APP_VERSION } from '@dastak/core/constants';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openapiDocumentTransform } from './openapi-document';
import { openapiRouteTransform } from './openapi-operation';
import { declarePublic } from './public-scope';

/**
 * OpenAPI from the routes' zod schemas, with its UI at /api/docs. The two transforms document
 * the wire format (snake_case requests) and give every operation its id, summary, tags,
 * security and 4xx answers (docs/decisions/0020-openapi-contract.md). 3.1 because zod 4 emits
 * JSON Schema 2020-12, which 3.1 takes as it is (3.0 has no `null` type).
 */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dastak API',
        version: APP_VERSION,
        description:
          'Requests send snake_case keys; responses answer camelCase. Errors are `{detail}`, plus `errors` on validation. ' +
          // Said here because OpenAPI has no way to mark a query string open.
          'Query strings are open: a parameter a route does not list is ignored, never an error. A wrong method answers 405 with `Allow`.',
        // Not published under an open licence; LicenseRef- is SPDX's form for a licence of one's own.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: openapiRouteTransform,
    transformObject: openapiDocumentTransform,
  });
  await app.register(async (scope) => {
    declarePublic(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
