import { idParamSchema } from '@dastak/core/entities/common';
import { placeListSchema } from '@dastak/core/entities/locations';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { geocode } from './geocoder.service';

/** The New address dialog's place search (spec §5), proxied so the bounds are enforced here. */
export const geocoderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/location/geocode/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags: ['locations'],
        querystring: z.object({ q: z.string().trim().min(1).max(200), city: idParamSchema }),
        response: { 200: placeListSchema },
      },
    },
    async (req) =>
      geocode(
        app.db,
        { q: req.query.q, city: req.query.city, geocoderUrl: app.config.GEOCODER_URL },
        (err) => req.log.warn({ err }, 'geocoder unreachable; searching known places'),
      ),
  );
};
