import { APP_VERSION } from '@dastak/core/constants';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declarePublic } from './public-scope';

/** OpenAPI from the routes' zod schemas, with its UI at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dastak API', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    declarePublic(scope);
    await scope.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
