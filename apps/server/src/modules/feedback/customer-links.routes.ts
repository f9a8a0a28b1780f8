import { idParamSchema } from '@dastak/core/entities/common';
import { customerLinkListSchema, customerLinkSchema } from '@dastak/core/entities/feedback';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorFromRequest } from '../../lib/actor';
import { configureCustomerLinks, listOrderLinks } from '../customer-links/public';
import { orderPathSchema } from '../orders/public';
import { resendOrderLink } from './link-resend.service';
import { surveysRoutes } from './surveys.routes';

const tags = ['feedback'];

/**
 * The links an order sent its customer (staff, order detail): list and send again; and the
 * customer's surveys (surveys.routes.ts).
 */
export const customerLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  // The order services and the auto-assignment job build link URLs without a request at hand.
  configureCustomerLinks({ publicUrl: app.config.PUBLIC_URL });
  await app.register(surveysRoutes);

  app.get(
    '/orders/:vertical/:id/links/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: { tags, params: orderPathSchema, response: { 200: customerLinkListSchema } },
    },
    async (req) => listOrderLinks(app.db, req.params.vertical, req.params.id),
  );

  app.post(
    '/orders/:vertical/:id/links/:ref/resend/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_ORDER },
      schema: {
        tags,
        params: orderPathSchema.extend({ ref: idParamSchema }),
        response: { 200: customerLinkSchema },
      },
    },
    async (req) =>
      resendOrderLink(
        app.db,
        { vertical: req.params.vertical, orderId: req.params.id, ref: req.params.ref },
        actorFromRequest(req),
      ),
  );
};
