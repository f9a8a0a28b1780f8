import {
  feedbackAnswersSchema,
  feedbackInteractionSchema,
  feedbackQuestionListSchema,
  liveLocationSchema,
  orderReviewSchema,
  orderReviewSubmitSchema,
} from '@dastak/core/entities/feedback';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { SurveyForm } from '@dastak/core/states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as forms from './feedback-forms.service';
import { getLiveLocation } from './live-location.service';
import { getOrderReview, submitOrderReview } from './order-review.service';
import { linkParamsSchema, type PublicDeps, publicClock } from './public-feedback.shared';

/**
 * The customer pages' calls (spec §7 Feedback, GET /location/rider-live-location): no login, the
 * link id is the only key. Each is limited per link id and, more generously, per client address
 * (RATE_LIMITS.PUBLIC_LINKS, 429 {detail} with Retry-After; ADR 0052): customers behind one
 * carrier-NAT address each have their link's budget, and guessing ids still costs.
 */
const publicConfig = { access: ROUTE_ACCESS.PUBLIC, rateLimit: 'public-link' } as const;
/** Submits answer 409 on a second submit and 410 past 48 hours. */
const submitConfig = { ...publicConfig, errorAnswers: [409, 410] as const };

/** The two survey forms' paths (the spec spells them differently). */
const FORM_PATHS: Record<SurveyForm, { questions: string; interaction: string }> = {
  physicalVisit: {
    questions: '/feedback/physical_visit_questions/',
    interaction: '/feedback/physical_visit/:id',
  },
  croFeedback: {
    questions: '/feedback/cro-feedback-questions/',
    interaction: '/feedback/cro-feedback/:id/',
  },
};

export const publicFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): PublicDeps => ({ db: app.db, config: app.config, now: publicClock });

  app.get(
    '/feedback/order_review/:id/',
    {
      config: publicConfig,
      schema: {
        tags: ['feedback'],
        params: linkParamsSchema,
        response: { 200: orderReviewSchema },
      },
    },
    async (req) => getOrderReview(deps(), req.params.id),
  );

  app.put(
    '/feedback/order_review/:id/',
    {
      config: submitConfig,
      schema: {
        tags: ['feedback'],
        params: linkParamsSchema,
        body: orderReviewSubmitSchema,
        response: { 200: orderReviewSchema },
      },
    },
    async (req) => submitOrderReview(deps(), req.params.id, req.body),
  );

  for (const [form, paths] of Object.entries(FORM_PATHS) as [
    SurveyForm,
    typeof FORM_PATHS.physicalVisit,
  ][]) {
    app.get(
      paths.questions,
      {
        config: publicConfig,
        schema: { tags: ['feedback'], response: { 200: feedbackQuestionListSchema } },
      },
      async () => forms.listQuestions(deps(), form),
    );

    app.get(
      paths.interaction,
      {
        config: publicConfig,
        schema: {
          tags: ['feedback'],
          params: linkParamsSchema,
          response: { 200: feedbackInteractionSchema },
        },
      },
      async (req) => forms.getInteraction(deps(), form, req.params.id),
    );

    app.patch(
      paths.interaction,
      {
        config: submitConfig,
        schema: {
          tags: ['feedback'],
          params: linkParamsSchema,
          body: feedbackAnswersSchema,
          response: { 200: feedbackInteractionSchema },
        },
      },
      async (req) => forms.submitInteraction(deps(), form, req.params.id, req.body),
    );
  }

  app.get(
    '/location/rider-live-location/:id/',
    {
      config: publicConfig,
      schema: {
        tags: ['feedback'],
        params: linkParamsSchema,
        response: { 200: liveLocationSchema },
      },
    },
    async (req) => getLiveLocation(deps(), req.params.id),
  );
};
