import { z } from 'zod';
import { PUBLIC_LINKS, STAR_COUNT, WAIT_TIME_MAX, WAIT_TIME_MIN } from '../constants';
import { VALIDATION } from '../messages';
import {
  FEEDBACK_QUESTION_TYPES,
  LINK_STATES,
  MESSAGE_STATES,
  PUBLIC_LINK_KINDS,
  SURVEY_FORMS,
  VERTICALS,
} from '../states';
import { idSchema, latitudeSchema, longitudeSchema } from './common';

/** 1 to 5 stars; unanswered reads 'Please fill this field!'. */
export const starRatingSchema = z
  .number({ error: VALIDATION.FILL_THIS_FIELD })
  .int({ error: VALIDATION.FILL_THIS_FIELD })
  .min(1, VALIDATION.FILL_THIS_FIELD)
  .max(STAR_COUNT);

/**
 * What every public read carries for the outcome pages: the support line (expired page) and,
 * when the maps-review rule holds, where to review (both are configuration).
 */
const publicOutcomeFields = {
  supportPhone: z.string(),
  showGoogleMapReviewLink: z.boolean(),
  mapsReviewUrl: z.string().nullable(),
};

/**
 * GET /feedback/order_review/{uuid}/. An unknown id answers 404 'Not found.'. An expired link
 * answers isExpired with `order` null and no ratings: past 48 hours the page tells nothing about
 * the order (ADR 0038). A completed review answers only isReviewComplete (no order, ratings,
 * text or maps invitation), before and past its 48 hours: completed wins over expired (ADR 0051).
 */
export const orderReviewSchema = z.object({
  order: z.object({ id: idSchema, number: z.string() }).nullable(),
  overallStarRating: z.number().int().nullable(),
  onTimeStarRating: z.number().int().nullable(),
  riderStarRating: z.number().int().nullable(),
  feedbackText: z.string(),
  isReviewComplete: z.boolean(),
  isExpired: z.boolean(),
  ...publicOutcomeFields,
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** PUT /feedback/order_review/{uuid}/ */
export const orderReviewSubmitSchema = z.object({
  overallStarRating: starRatingSchema,
  onTimeStarRating: starRatingSchema,
  riderStarRating: starRatingSchema,
  feedbackText: z.string().max(PUBLIC_LINKS.TEXT_ANSWER_MAX).default(''),
});
export type OrderReviewSubmit = z.infer<typeof orderReviewSubmitSchema>;

/** The rider's feedback on the patient, shown on order detail. */
export const riderToPatientFeedbackSchema = z.object({
  order: idSchema,
  overallStarRating: starRatingSchema,
  patientBehaviorStarRating: starRatingSchema,
  waitTimeMins: z.number().int().min(WAIT_TIME_MIN).max(WAIT_TIME_MAX),
  feedbackText: z.string().default(''),
});
export type RiderToPatientFeedback = z.infer<typeof riderToPatientFeedbackSchema>;

export const feedbackQuestionTypeSchema = z.enum(FEEDBACK_QUESTION_TYPES);

export const feedbackQuestionSchema = z.object({
  id: idSchema,
  text: z.string(),
  urduText: z.string().nullable(),
  type: feedbackQuestionTypeSchema,
  isMandatory: z.boolean(),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestionSchema>;

/** Star answers are sent as text ('1'..'5'), long answers as the text itself. */
export const feedbackAnswerSchema = z.object({
  question: idSchema,
  answer: z.string().max(PUBLIC_LINKS.TEXT_ANSWER_MAX),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

/** PATCH /feedback/physical_visit/{id} and /feedback/cro-feedback/{id}/ */
export const feedbackAnswersSchema = z.object({
  interactionId: z.string().min(1),
  responses: z.array(feedbackAnswerSchema),
});
export type FeedbackAnswers = z.infer<typeof feedbackAnswersSchema>;

/** The answers schema for one form: each mandatory question left empty gets its own message. */
export function feedbackAnswersSchemaFor(questions: readonly FeedbackQuestion[]) {
  return feedbackAnswersSchema.superRefine((body, ctx) => {
    questions.forEach((q) => {
      const answer = body.responses.find((r) => r.question === q.id)?.answer.trim() ?? '';
      if (q.isMandatory && answer === '') {
        ctx.addIssue({
          code: 'custom',
          message: VALIDATION.FILL_THIS_FIELD,
          path: ['responses', String(q.id)],
        });
      }
    });
  });
}

/**
 * GET of a physical-visit or CRO interaction: flags that pick the page to show. An unknown id
 * answers 404 (the page marks the id invalid); an expired one isExpired with no responses; a
 * completed one isComplete only (no responses, no satisfaction), completed winning over expired
 * (ADR 0051). The PATCH answer echoes the answers just given and the maps invitation.
 */
export const feedbackInteractionSchema = z.object({
  interactionId: z.string(),
  isComplete: z.boolean(),
  isInteractionIdValid: z.boolean(),
  isExpired: z.boolean(),
  isSatisfied: z.boolean().nullable(),
  responses: z.array(feedbackAnswerSchema),
  ...publicOutcomeFields,
});
export type FeedbackInteraction = z.infer<typeof feedbackInteractionSchema>;

/**
 * GET /location/rider-live-location/{id}/ (public, polled). Once the order is collected or
 * cancelled it answers only `{isExpired: true}`. Phone and email are masked but for their last
 * PUBLIC_LINKS.MASK_VISIBLE_CHARS characters (ADR 0038). Beyond the spec: while the rider still
 * has `stopsBefore` other patients first, `assignedRider` is null (no position) and the page says
 * how many stops are left; once this order is next, `etaMinutes` comes from the route model.
 */
export const liveLocationActiveSchema = z.object({
  isExpired: z.literal(false),
  number: z.string(),
  customerAddress: z.object({
    address: z.string(),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
  }),
  assignedRider: z
    .object({
      lastKnownLatitude: latitudeSchema.nullable(),
      lastKnownLongitude: longitudeSchema.nullable(),
    })
    .nullable(),
  patient: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  customer: z.object({ phone: z.string() }),
  scanTypes: z.array(z.object({ name: z.string(), value: z.number() })),
  stopsBefore: z.number().int().min(0),
  etaMinutes: z.number().int().min(0).nullable(),
});
export const liveLocationSchema = z.discriminatedUnion('isExpired', [
  z.object({ isExpired: z.literal(true) }),
  liveLocationActiveSchema,
]);
export type LiveLocation = z.infer<typeof liveLocationSchema>;
export type ActiveLiveLocation = z.infer<typeof liveLocationActiveSchema>;

/** One text message sent with a link (the outbox row). */
export const sentMessageSchema = z.object({
  id: idSchema,
  channel: z.literal('sms'),
  to: z.string(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  created: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

/**
 * A link sent to a customer, as staff see it: GET /orders/{vertical}/{id}/links/ lists an order's
 * (newest first); POST /orders/{vertical}/{id}/links/{ref}/resend/ sends it again (409 once
 * expired or answered). It carries neither the link's public id nor its URL: that id opens the
 * customer's form, so the only way it leaves the server is the text message to the customer
 * (ADR 0051). `ref` is the staff's handle; `openedAt` the first public read.
 */
export const customerLinkSchema = z.object({
  ref: idSchema,
  kind: z.enum(PUBLIC_LINK_KINDS),
  state: z.enum(LINK_STATES),
  created: z.string(),
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  openedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  messages: z.array(sentMessageSchema),
});
export type CustomerLink = z.infer<typeof customerLinkSchema>;

/** POST /customers/{id}/surveys/: send a physical-visit or support-feedback survey. */
export const surveySendSchema = z.object({
  form: z.enum(SURVEY_FORMS, { error: VALIDATION.REQUIRED }),
  order: idSchema.optional(),
});
export type SurveySend = z.infer<typeof surveySendSchema>;

/** GET /customers/{id}/surveys/ (newest first): each survey sent, its state and its answers. */
export const customerSurveySchema = z.object({
  id: idSchema,
  form: z.enum(SURVEY_FORMS),
  link: customerLinkSchema,
  order: z.object({ id: idSchema, number: z.string(), vertical: z.enum(VERTICALS) }).nullable(),
  isComplete: z.boolean(),
  isSatisfied: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  answers: z.array(
    z.object({
      question: idSchema,
      text: z.string(),
      type: feedbackQuestionTypeSchema,
      answer: z.string(),
    }),
  ),
});
export type CustomerSurvey = z.infer<typeof customerSurveySchema>;

export const feedbackQuestionListSchema = z.array(feedbackQuestionSchema);
export const customerLinkListSchema = z.array(customerLinkSchema);
export const customerSurveyListSchema = z.array(customerSurveySchema);
