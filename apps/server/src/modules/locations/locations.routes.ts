import {
  idListParamSchema,
  idParamSchema,
  pageQuerySchema,
  verticalFilterSchema,
} from '@dastak/core/entities/common';
import {
  cityPageSchema,
  collectionCenterPageSchema,
  hotspotPageSchema,
  regionPageSchema,
} from '@dastak/core/entities/locations';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitOffset, pageResponse } from '../../lib/paging';
import * as service from './locations.service';

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { access: ROUTE_ACCESS.AUTHENTICATED };

  app.get(
    '/location/cities/',
    {
      config: auth,
      schema: {
        tags: ['locations'],
        querystring: pageQuerySchema.extend({ vertical: verticalFilterSchema }),
        response: { 200: cityPageSchema },
      },
    },
    async (req) => {
      const { results, count } = await service.listCities(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );

  app.get(
    '/location/regions/',
    {
      config: auth,
      schema: {
        tags: ['locations'],
        querystring: pageQuerySchema.extend({
          vertical: verticalFilterSchema,
          city: idParamSchema.optional(),
          ids: idListParamSchema.optional(),
        }),
        response: { 200: regionPageSchema },
      },
    },
    async (req) => {
      const { results, count } = await service.listRegions(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );

  app.get(
    '/location/hotspots/',
    {
      config: auth,
      schema: {
        tags: ['locations'],
        querystring: pageQuerySchema.extend({ region: idParamSchema.optional() }),
        response: { 200: hotspotPageSchema },
      },
    },
    async (req) => {
      const { results, count } = await service.listHotspots(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );

  app.get(
    '/location/collection-centers/',
    {
      config: auth,
      schema: {
        tags: ['locations'],
        querystring: pageQuerySchema.extend({
          region: idParamSchema.optional(),
          vertical: verticalFilterSchema,
        }),
        response: { 200: collectionCenterPageSchema },
      },
    },
    async (req) => {
      const { results, count } = await service.listCollectionCenters(
        app.db,
        req.query,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );
};
