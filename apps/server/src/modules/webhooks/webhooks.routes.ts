import { idParamSchema, noContentSchema } from '@dastak/core/entities/common';
import {
  webhookCreateSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSubscriptionSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@dastak/core/entities/webhooks';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../lib/paging';
import * as service from './webhooks.service';

const tags = ['webhooks'];
const params = z.object({ id: idParamSchema });
const deliveryParams = z.object({ id: idParamSchema, deliveryId: idParamSchema });
const config = { access: PERMISSIONS.CAN_MANAGE_WEBHOOKS };

/**
 * Webhook subscriptions and their delivery log (docs/decisions/0067-webhooks.md). Only the
 * relay job POSTs to subscribers; these routes only read and write rows.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowHttp = app.config.WEBHOOK_ALLOW_HTTP;

  app.get(
    '/webhooks/',
    { config, schema: { tags, response: { 200: webhookListSchema } } },
    async () => service.listWebhooks(app.db),
  );

  app.post(
    '/webhooks/',
    {
      config,
      schema: { tags, body: webhookCreateSchema, response: { 201: webhookWithSecretSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createWebhook(app.db, req.body, req.user!.id, allowHttp)),
  );

  app.patch(
    '/webhooks/:id/',
    {
      config,
      schema: {
        tags,
        params,
        body: webhookUpdateSchema,
        response: { 200: webhookSubscriptionSchema },
      },
    },
    async (req) => service.updateWebhook(app.db, req.params.id, req.body, allowHttp),
  );

  app.delete(
    '/webhooks/:id/',
    { config, schema: { tags, params, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await service.deleteWebhook(app.db, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret/',
    { config, schema: { tags, params, response: { 200: webhookWithSecretSchema } } },
    async (req) => service.rotateWebhookSecret(app.db, req.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries/',
    {
      config,
      schema: {
        tags,
        params,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (req) => {
      const page = await service.listWebhookDeliveries(app.db, req.params.id, req.query);
      return pageResponse(req, req.query, page.count, page.results);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver/',
    {
      config,
      schema: { tags, params: deliveryParams, response: { 201: webhookDeliverySchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.redeliver(app.db, req.params.id, req.params.deliveryId)),
  );
};
