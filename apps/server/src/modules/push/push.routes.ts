import { detailResponseSchema } from '@dastak/core/entities/auth';
import {
  pushSubscriptionBodySchema,
  pushSubscriptionResultSchema,
  pushUnsubscribeBodySchema,
  riderPushSubscriptionBodySchema,
  vapidPublicKeySchema,
} from '@dastak/core/entities/push';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './push.service';
import { registerPush, unregisterPush } from './push-notifier';
import { resolveVapidKeys } from './vapid-keys';

const tags = ['push'];

/**
 * Web push (spec §7, last lines; docs/decisions/0029-web-push.md): the dashboards fetch the VAPID
 * public key, subscribe the browser and store the subscription here. Registering these routes
 * also arms the sender for this app's database (the order hooks and the late sweep use it).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = await resolveVapidKeys(app.db, app.config);
  registerPush(app.db, keys, app.log);
  app.addHook('onClose', async () => unregisterPush(app.db));
  const allowHttp = app.config.PUSH_ALLOW_HTTP;

  app.get(
    '/push/vapid-public-key/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: { tags, response: { 200: vapidPublicKeySchema } },
    },
    async () => ({ publicKey: keys.publicKey }),
  );

  // Only someone who may view the dashboard gets its alerts, so only they may subscribe.
  app.post(
    '/push/subscriptions/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_DASHBOARD },
      schema: {
        tags,
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionResultSchema },
      },
    },
    async (req) => service.subscribe(app.db, req.user!.id, req.body, allowHttp),
  );

  // Any staff user may switch their own browser off, with or without the permission.
  app.delete(
    '/push/subscriptions/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags,
        body: pushUnsubscribeBodySchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => service.unsubscribe(app.db, req.user!.id, req.body.endpoint),
  );

  // The rider app (ADR 0063): a rider's phone rings when a task joins their queue. Rider tokens
  // only, like every rider-app route; a rider's subscription follows no region.
  const rider = { access: ROUTE_ACCESS.RIDER };
  app.get(
    '/rider-app/push-key/',
    { config: rider, schema: { tags, response: { 200: vapidPublicKeySchema } } },
    async () => ({ publicKey: keys.publicKey }),
  );
  app.post(
    '/rider-app/push-subscription/',
    {
      config: rider,
      schema: {
        tags,
        body: riderPushSubscriptionBodySchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => {
      const { detail } = await service.subscribe(app.db, req.user!.id, req.body, allowHttp);
      return { detail };
    },
  );
  app.delete(
    '/rider-app/push-subscription/',
    {
      config: rider,
      schema: { tags, body: pushUnsubscribeBodySchema, response: { 200: detailResponseSchema } },
    },
    async (req) => service.unsubscribe(app.db, req.user!.id, req.body.endpoint),
  );
};
