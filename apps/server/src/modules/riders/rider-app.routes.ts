import { idParamSchema, verticalFilterSchema } from '@dastak/core/entities/common';
import { referenceItemListSchema } from '@dastak/core/entities/lookups';
import {
  coordinatesBodySchema,
  deliverBodySchema,
  dutyAnswerSchema,
  dutyBodySchema,
  locationAnswerSchema,
  locationBodySchema,
  onlineAnswerSchema,
  orderActionAnswerSchema,
  patientFeedbackAnswerSchema,
  patientFeedbackBodySchema,
  problemBodySchema,
  riderAppTasksSchema,
} from '@dastak/core/entities/rider-app';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { listLookups } from '../lookups/public';
import * as riderApp from './rider-app.service';
import * as location from './rider-location.service';

const tags = ['rider-app'];
const config = { access: ROUTE_ACCESS.RIDER };
const orderParams = z.object({ id: idParamSchema });

/**
 * The rider's phone (docs/decisions/0010-rider-app-api.md): riders log in through /auth/login/
 * and act only as themselves, so no route takes a rider id. Staff tokens get 403 here.
 */
export const riderAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  app.post(
    '/rider-app/location/',
    {
      config,
      schema: { tags, body: locationBodySchema, response: { 200: locationAnswerSchema } },
    },
    async (req) => location.reportLocation(app.db, me(req), req.body),
  );

  app.post(
    '/rider-app/offline/',
    { config, schema: { tags, response: { 200: onlineAnswerSchema } } },
    async (req) => location.goOffline(app.db, me(req)),
  );

  app.post(
    '/rider-app/duty/',
    { config, schema: { tags, body: dutyBodySchema, response: { 200: dutyAnswerSchema } } },
    async (req) => riderApp.setOwnDuty(app.db, me(req), req.body.isOnDuty),
  );

  app.get(
    '/rider-app/tasks/',
    { config, schema: { tags, response: { 200: riderAppTasksSchema } } },
    async (req) => riderApp.listOwnTasks(app.db, me(req)),
  );

  app.post(
    '/rider-app/orders/:id/reached/',
    {
      config,
      schema: {
        tags,
        params: orderParams,
        body: coordinatesBodySchema,
        response: { 200: orderActionAnswerSchema },
      },
    },
    async (req) =>
      riderApp.markReached(
        app.db,
        me(req),
        req.params.id,
        req.body,
        app.config.RIDER_REACH_LEAD_MINUTES,
      ),
  );

  app.post(
    '/rider-app/orders/:id/collected/',
    {
      config,
      schema: {
        tags,
        params: orderParams,
        body: coordinatesBodySchema,
        response: { 200: orderActionAnswerSchema },
      },
    },
    async (req) => riderApp.markCollected(app.db, me(req), req.params.id, req.body),
  );

  // Staff lookups refuse rider tokens (ADR 0010), so the problem step reads its list here.
  app.get(
    '/rider-app/problem-strings/',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ vertical: verticalFilterSchema }),
        response: { 200: referenceItemListSchema },
      },
    },
    async (req) => listLookups(app.db, 'problem', req.query.vertical),
  );

  app.post(
    '/rider-app/orders/:id/problem/',
    {
      config,
      schema: {
        tags,
        params: orderParams,
        body: problemBodySchema,
        response: { 200: orderActionAnswerSchema },
      },
    },
    async (req) => riderApp.reportProblem(app.db, me(req), req.params.id, req.body),
  );

  app.post(
    '/rider-app/deliver/',
    {
      config,
      schema: { tags, body: deliverBodySchema, response: { 200: orderActionAnswerSchema } },
    },
    async (req) => riderApp.deliverAtCenter(app.db, me(req), req.body.collectionCenterId),
  );

  app.post(
    '/rider-app/orders/:id/patient-feedback/',
    {
      config,
      schema: {
        tags,
        params: orderParams,
        body: patientFeedbackBodySchema,
        response: { 201: patientFeedbackAnswerSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await riderApp.givePatientFeedback(app.db, me(req), req.params.id, req.body)),
  );
};
