import { z } from 'zod';
import { PING_CLOCK_SKEW_MINUTES, WAIT_TIME_MAX, WAIT_TIME_MIN } from '../constants';
import { INPUT_MESSAGES } from '../messages';
import {
  createdReplySchema,
  dateTimeSchema,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  pastDateTimeSchema,
} from './common';
import { starRatingSchema } from './feedback';
import { orderStateSchema } from './orders';
import { riderStateSchema, riderTaskTypeSchema } from './riders';
import { collectedTubeLabelsSchema, handedOverLabelsSchema, tubeCheckSchema } from './tubes';

/**
 * Request and response bodies of the rider app API (docs/decisions/0010-rider-app-api.md), in
 * core so the server's routes and their clients share one contract (ADR 0020).
 */

export const PINGS_MAX = 100;

/**
 * One location report from the phone. recordedAt: when the fix was taken (default: now); not
 * later than the server's clock plus a phone's drift (ADR 0050).
 */
export const locationPingSchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  accuracyMetres: z.number().nonnegative().max(100_000).optional(),
  battery: z.number().int().min(0).max(100).optional(),
  networkState: z.boolean().optional(),
  appVersion: z.string().trim().min(1).max(32).optional(),
  mobileModel: z.string().trim().min(1).max(100).optional(),
  recordedAt: pastDateTimeSchema(
    PING_CLOCK_SKEW_MINUTES,
    INPUT_MESSAGES.RECORDED_IN_FUTURE,
  ).optional(),
});
export type LocationPing = z.infer<typeof locationPingSchema>;

export const locationBatchSchema = z.object({
  pings: z.array(locationPingSchema).min(1).max(PINGS_MAX),
});

/** POST /rider-app/location/: a single ping, or {pings: [...]} sent after a gap in coverage. */
export const locationBodySchema = z.union([locationBatchSchema, locationPingSchema]);
export type LocationBody = z.infer<typeof locationBodySchema>;

export const locationAnswerSchema = z.object({
  detail: z.string(),
  accepted: z.number().int().nonnegative(),
  isOnline: z.boolean(),
  lastSeenAt: dateTimeSchema.nullable(),
  cell: z.object({ id: idSchema, name: z.string() }).nullable(),
});

export const dutyBodySchema = z.object({ isOnDuty: z.boolean() });
export const dutyAnswerSchema = z.object({ detail: z.string(), isOnDuty: z.boolean() });
export const onlineAnswerSchema = z.object({ detail: z.string(), isOnline: z.boolean() });

export const coordinatesBodySchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export const problemBodySchema = z.object({
  problemStringId: idSchema,
  text: z.string().trim().max(1000).default(''),
});
/** POST /rider-app/orders/{id}/collected/: tube_labels optional for older clients (ADR 0062). */
export const collectedBodySchema = coordinatesBodySchema.extend({
  tubeLabels: collectedTubeLabelsSchema.optional(),
});
export const deliverBodySchema = z.object({
  collectionCenterId: idSchema,
  /** The tubes scanned as handed over; absent: no check (older clients). */
  handedOverLabels: handedOverLabelsSchema.optional(),
});

export const orderActionAnswerSchema = z.object({
  detail: z.string(),
  orders: z.array(z.object({ id: idSchema, number: z.string(), state: orderStateSchema })),
});

/** POST /rider-app/deliver/: the orders delivered and the tube check (all empty without scans). */
export const deliverAnswerSchema = orderActionAnswerSchema.extend({ tubes: tubeCheckSchema });

/** POST /rider-app/orders/{id}/patient-feedback/ (spec §3 rider-to-patient feedback). */
export const patientFeedbackBodySchema = z.object({
  overallStarRating: starRatingSchema,
  patientBehaviorStarRating: starRatingSchema,
  waitTimeMins: z.number().int().min(WAIT_TIME_MIN).max(WAIT_TIME_MAX),
  feedbackText: z.string().trim().max(1000).default(''),
});
export const patientFeedbackAnswerSchema = createdReplySchema;

/** A task of the rider's own queue, with what the rider needs at the door. */
export const riderAppTaskSchema = z.object({
  id: idSchema,
  type: riderTaskTypeSchema,
  sequence: z.number().int(),
  deadline: dateTimeSchema.nullable(),
  breakDurationMins: z.number().int().nullable(),
  order: z
    .object({
      id: idSchema,
      number: z.string(),
      state: orderStateSchema,
      vertical: z.string(),
      pickup: dateTimeSchema,
      address: z.string(),
      latitude: latitudeSchema.nullable(),
      longitude: longitudeSchema.nullable(),
      isCovid: z.boolean(),
      isFasting: z.boolean(),
      urgentDelivery: z.boolean(),
      additionalNotes: z.string(),
      collectedAt: dateTimeSchema.nullable(),
      /** The collected sample's expiry (ADR 0048): deliver before it. */
      sampleExpiresAt: dateTimeSchema.nullable(),
      /** The tubes scanned at collection (ADR 0062): Deliver lists them for the handover. */
      tubeLabels: z.array(z.string()),
      patient: z.object({ name: z.string(), phone: z.string() }),
      tests: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
    })
    .nullable(),
  collectionCenter: z
    .object({
      id: idSchema,
      name: z.string(),
      address: z.string(),
      latitude: latitudeSchema,
      longitude: longitudeSchema,
    })
    .nullable(),
});
export type RiderAppTask = z.infer<typeof riderAppTaskSchema>;

export const riderAppTasksSchema = z.object({
  state: riderStateSchema,
  isOnDuty: z.boolean(),
  isOnline: z.boolean(),
  results: z.array(riderAppTaskSchema),
});
