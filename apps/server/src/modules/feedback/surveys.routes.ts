import { idParamSchema } from '@dastak/core/entities/common';
import {
  customerSurveyListSchema,
  customerSurveySchema,
  surveySendSchema,
} from '@dastak/core/entities/feedback';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../lib/actor';
import { listCustomerSurveys, resendCustomerSurvey, sendCustomerSurvey } from './surveys.service';

const tags = ['feedback'];
const params = z.object({ id: idParamSchema });

/**
 * Surveys texted to a customer (staff, customer detail): send one, list them with answers and
 * their links' state, send one again. Never the link's id or URL (ADR 0051).
 */
export const surveysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:id/surveys/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: { tags, params, response: { 200: customerSurveyListSchema } },
    },
    async (req) => listCustomerSurveys(app.db, req.params.id),
  );

  app.post(
    '/customers/:id/surveys/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: { tags, params, body: surveySendSchema, response: { 201: customerSurveySchema } },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const survey = await sendCustomerSurvey(
        app.db,
        req.params.id,
        req.body,
        actorFromRequest(req),
        typeof key === 'string' && key ? key : undefined,
      );
      return reply.code(201).send(survey);
    },
  );

  app.post(
    '/customers/:id/surveys/:surveyId/resend/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags,
        params: params.extend({ surveyId: idParamSchema }),
        response: { 200: customerSurveySchema },
      },
    },
    async (req) =>
      resendCustomerSurvey(
        app.db,
        { customerId: req.params.id, surveyId: req.params.surveyId },
        actorFromRequest(req),
      ),
  );
};
