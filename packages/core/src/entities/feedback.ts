import { z } from 'zod';
import { STAR_COUNT, WAIT_TIME_MAX, WAIT_TIME_MIN } from '../constants';
import { VALIDATION } from '../messages';
import { FEEDBACK_QUESTION_TYPES } from '../states';
import { idSchema, latitudeSchema, longitudeSchema } from './common';

/** 1 to 5 stars; unanswered reads 'Please fill this field!'. */
export const starRatingSchema = z
  .number({ error: VALIDATION.FILL_THIS_FIELD })
  .int({ error: VALIDATION.FILL_THIS_FIELD })
  .min(1, VALIDATION.FILL_THIS_FIELD)
  .max(STAR_COUNT);

/** GET /feedback/order_review/{uuid}/ */
export const orderReviewSchema = z.object({
  order: z.object({ id: idSchema, number: z.string() }),
  overallStarRating: z.number().int().nullable(),
  onTimeStarRating: z.number().int().nullable(),
  riderStarRating: z.number().int().nullable(),
  feedbackText: z.string(),
  isReviewComplete: z.boolean(),
  isExpired: z.boolean(),
  showGoogleMapReviewLink: z.boolean(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** PUT /feedback/order_review/{uuid}/ */
export const orderReviewSubmitSchema = z.object({
  overallStarRating: starRatingSchema,
  onTimeStarRating: starRatingSchema,
  riderStarRating: starRatingSchema,
  feedbackText: z.string().max(1000).default(''),
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
export const feedbackAnswerSchema = z.object({ question: idSchema, answer: z.string() });
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

/** GET of a physical-visit or CRO interaction: flags that pick the page to show. */
export const feedbackInteractionSchema = z.object({
  interactionId: z.string(),
  isComplete: z.boolean(),
  isInteractionIdValid: z.boolean(),
  isExpired: z.boolean(),
  showGoogleMapReviewLink: z.boolean(),
  isSatisfied: z.boolean().nullable(),
  responses: z.array(feedbackAnswerSchema),
});
export type FeedbackInteraction = z.infer<typeof feedbackInteractionSchema>;

/** GET /location/rider-live-location/{id}/ (public; expires once the order is picked). */
export const liveLocationSchema = z.object({
  number: z.string(),
  isExpired: z.boolean(),
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
});
export type LiveLocation = z.infer<typeof liveLocationSchema>;
