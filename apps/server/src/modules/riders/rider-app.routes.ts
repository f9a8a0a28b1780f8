import { idParamSchema, verticalFilterSchema } from '@dastak/core/entities/common';
import { referenceItemListSchema } from '@dastak/core/entities/lookups';
import {
  collectedBodySchema,
  coordinatesBodySchema,
  deliverAnswerSchema,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type IdempotentReply, idempotentCall } from '../../lib/idempotent-call';
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

  /**
   * Every write honours an Idempotency-Key (ADR 0062): the phone's offline queue replays its
   * actions, and a replay answers what the first call answered without applying it again.
   */
  const once = async <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    write: (db: Db) => Promise<T>,
  ) => {
    const result: IdempotentReply<T> = await idempotentCall(
      app.db,
      {
        userId: me(req),
        key: req.headers['idempotency-key'],
        method: req.method,
        path: (req.url.split('?')[0] ?? '').replace(/\/+$/, ''),
        body: req.body,
      },
      status,
      write,
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.status).send(result.reply);
  };

  app.post(
    '/rider-app/location/',
    {
      // A line per ping would be most of the log (8.6 M a day at 1,000 riders): at debug, with
      // one count a minute at info.
      config: { ...config, logQuietly: true },
      schema: { tags, body: locationBodySchema, response: { 200: locationAnswerSchema } },
    },
    async (req, reply) =>
      once(req, reply, 200, (db) => location.reportLocation(db, me(req), req.body)),
  );

  app.post(
    '/rider-app/offline/',
    { config, schema: { tags, response: { 200: onlineAnswerSchema } } },
    async (req, reply) => once(req, reply, 200, (db) => location.goOffline(db, me(req))),
  );

  app.post(
    '/rider-app/duty/',
    { config, schema: { tags, body: dutyBodySchema, response: { 200: dutyAnswerSchema } } },
    async (req, reply) =>
      once(req, reply, 200, (db) => riderApp.setOwnDuty(db, me(req), req.body.isOnDuty)),
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
    async (req, reply) =>
      once(req, reply, 200, (db) =>
        riderApp.markReached(
          db,
          me(req),
          req.params.id,
          req.body,
          app.config.RIDER_REACH_LEAD_MINUTES,
        ),
      ),
  );

  app.post(
    '/rider-app/orders/:id/collected/',
    {
      config,
      schema: {
        tags,
        params: orderParams,
        body: collectedBodySchema,
        response: { 200: orderActionAnswerSchema },
      },
    },
    async (req, reply) =>
      once(req, reply, 200, (db) => riderApp.markCollected(db, me(req), req.params.id, req.body)),
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
    async (req, reply) =>
      once(req, reply, 200, (db) =>
        // The escalation push runs after the write, on the app's own connection.
        riderApp.reportProblem(db, me(req), req.params.id, req.body, app.db),
      ),
  );

  app.post(
    '/rider-app/deliver/',
    {
      config,
      schema: { tags, body: deliverBodySchema, response: { 200: deliverAnswerSchema } },
    },
    async (req, reply) =>
      once(req, reply, 200, (db) => riderApp.deliverAtCenter(db, me(req), req.body)),
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
      once(req, reply, 201, (db) =>
        riderApp.givePatientFeedback(db, me(req), req.params.id, req.body),
      ),
  );
};
