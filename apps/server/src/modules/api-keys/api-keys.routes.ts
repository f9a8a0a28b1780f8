import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyPageSchema,
  apiKeySchema,
} from '@dastak/core/entities/api-keys';
import { idParamSchema, pageQuerySchema } from '@dastak/core/entities/common';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitOffset, pageResponse } from '../../lib/paging';
import { currentUser } from '../../plugins/auth';
import { auditAgent } from '../audit/public';
import * as service from './api-keys.service';

const tags = ['api-keys'];
const access = PERMISSIONS.CAN_MANAGE_API_KEYS;

/**
 * API keys of a lab's systems (docs/decisions/0066-api-keys.md), managed by an admin. No route
 * answers a key's secret except the create, once.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'API keys, newest first, revoked ones included',
        querystring: pageQuerySchema,
        response: { 200: apiKeyPageSchema },
      },
    },
    async (req) => {
      const { count, results } = await service.listKeys(app.db, limitOffset(req.query));
      return pageResponse(req, req.query, count, results);
    },
  );

  app.post(
    '/api-keys/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create an API key: the answer holds the key, shown this once',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      },
    },
    async (req, reply) => {
      const created = await service.createKey(app.db, req.body, currentUser(req), auditAgent(req));
      // The key is in this body only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/api-keys/:id/revoke/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Revoke an API key: refused from the next request on, on every server',
        params: z.object({ id: idParamSchema }),
        response: { 200: apiKeySchema },
      },
    },
    async (req) =>
      service.revokeKey(
        { db: app.db, forgetUser: (userId) => app.tokens.forgetUser(userId) },
        req.params.id,
        { ...auditAgent(req), id: currentUser(req).id },
      ),
  );
};
