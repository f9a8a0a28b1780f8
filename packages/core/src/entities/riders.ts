import { z } from 'zod';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { ASSIGNABLE_RIDER_TABS, RIDER_STATES, RIDER_TASK_TYPES } from '../states';
import { whenMissing } from '../zod-messages';
import { passwordSchema } from './auth';
import {
  dateTimeSchema,
  emailSchema,
  firstNameSchema,
  idListParamSchema,
  idSchema,
  lastNameSchema,
  latitudeSchema,
  longitudeSchema,
  namedRefSchema,
  paged,
  pageQuerySchema,
  phoneSchema,
  toggleParamSchema,
} from './common';

export const riderStateSchema = z.union([
  z.literal(RIDER_STATES.IDLE),
  z.literal(RIDER_STATES.PICKING_UP_HAS_CAPACITY),
  z.literal(RIDER_STATES.PICKING_UP_FULL),
  z.literal(RIDER_STATES.DELIVERING),
]);

export const riderProfileSchema = z.object({
  region: namedRefSchema.nullable(),
  vertical: z.object({ name: z.string() }).nullable(),
  state: riderStateSchema,
  mobileModel: z.string().nullable(),
  appVersion: z.string().nullable(),
  isUsingLatestApp: z.boolean(),
});

export const riderSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  phoneVerified: z.boolean(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  dateJoined: dateTimeSchema,
  isActive: z.boolean(),
  isOnline: z.boolean(),
  isOnDuty: z.boolean(),
  state: riderStateSchema,
  isWildcard: z.boolean(),
  isCovid: z.boolean(),
  lastKnownLatitude: latitudeSchema.nullable(),
  lastKnownLongitude: longitudeSchema.nullable(),
  lastSeenAt: dateTimeSchema.nullable(),
  completedOrdersCount: z.number().int().nonnegative(),
  /** Set when the region runs hyperlocal mode. */
  cell: namedRefSchema.nullable(),
  cityName: z.string().nullable(),
  /** Percent; shown N/A when missing. */
  battery: z.number().min(0).max(100).nullable(),
  /** true Connected, false Disconnected, null unknown. */
  networkState: z.boolean().nullable(),
  shiftBreakEndTime: dateTimeSchema.nullable(),
  profile: riderProfileSchema,
});
export type Rider = z.infer<typeof riderSchema>;

/** The rider as carried inside lists, tasks and assignment groups. */
export const riderSummarySchema = riderSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  phone: true,
  state: true,
  isOnline: true,
  isOnDuty: true,
  isWildcard: true,
  isCovid: true,
  lastKnownLatitude: true,
  lastKnownLongitude: true,
  lastSeenAt: true,
  completedOrdersCount: true,
  cell: true,
});
export type RiderSummary = z.infer<typeof riderSummarySchema>;

/** Available and late riders come scored: road distance in metres, on-road time in minutes. */
export const scoredRiderSchema = z.object({
  rider: riderSummarySchema,
  totalScore: z.number(),
  roadDistance: z.number().nonnegative().nullable(),
  onRoadTime: z.number().nonnegative().nullable(),
});
export type ScoredRider = z.infer<typeof scoredRiderSchema>;

const riderEntrySchema = z.object({ rider: riderSummarySchema });

/** One of the six groups of ASSIGNABLE_RIDER_TABS. */
export const assignableRiderGroupSchema = z.enum(ASSIGNABLE_RIDER_TABS.map((t) => t.group));
export type AssignableRiderGroup = z.infer<typeof assignableRiderGroupSchema>;

/** GET /algorithm/{vertical}/suggested-riders/{orderId}/: one group per tab of the assign modal. */
export const assignableRidersSchema = z.object({
  availableRiders: z.array(scoredRiderSchema),
  lateRiders: z.array(scoredRiderSchema),
  outOfCapacityRiders: z.array(riderEntrySchema),
  deliveringRiders: z.array(riderEntrySchema),
  outOfRegionRiders: z.array(riderEntrySchema),
  offDutyRiders: z.array(riderEntrySchema),
});
export type AssignableRiders = z.infer<typeof assignableRidersSchema>;

export const riderTaskTypeSchema = z.union([
  z.literal(RIDER_TASK_TYPES.PICKUP),
  z.literal(RIDER_TASK_TYPES.DELIVERY),
  z.literal(RIDER_TASK_TYPES.BREAK),
]);

/** A queued task: pickup, delivery to a collection center, or a break (no order). */
export const riderTaskSchema = z.object({
  id: idSchema,
  type: riderTaskTypeSchema,
  order: z
    .object({
      id: idSchema,
      number: z.string(),
      pickup: dateTimeSchema,
      address: z.string(),
      /** A collected sample's expiry (rules/sample-stability.ts); null otherwise. */
      sampleExpiresAt: dateTimeSchema.nullable(),
    })
    .nullable(),
  deadline: dateTimeSchema,
  collectionCenter: z.object({ name: z.string() }).nullable(),
});
export type RiderTask = z.infer<typeof riderTaskSchema>;

/** GET /stats/rider/?region_id (riders in a shift in progress). */
export const riderStatsSchema = z.object({
  available: z.number().int().nonnegative(),
  busy: z.number().int().nonnegative(),
});
export type RiderStats = z.infer<typeof riderStatsSchema>;

/** GET /entity/rider_location/{id}/ */
export const riderLocationSchema = z.object({
  id: idSchema,
  lastKnownLatitude: latitudeSchema.nullable(),
  lastKnownLongitude: longitudeSchema.nullable(),
  lastSeenAt: dateTimeSchema.nullable(),
});
export type RiderLocation = z.infer<typeof riderLocationSchema>;

/**
 * GET /entity/rider_location/{id}/trail/: the rider's stored pings of the last
 * RIDER_TRAIL_MINUTES, oldest first, at most RIDER_TRAIL_MAX_POINTS (the newest kept).
 */
export const riderTrailSchema = z.object({
  riderId: idSchema,
  points: z.array(
    z.object({ latitude: latitudeSchema, longitude: longitudeSchema, at: dateTimeSchema }),
  ),
});
export type RiderTrail = z.infer<typeof riderTrailSchema>;

const riderFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema.min(1, VALIDATION.REQUIRED),
  email: emailSchema,
  region: idSchema,
};

/** POST /entity/rider-create/: password2 repeats password1; the console sends phoneVerified. */
export const riderCreateSchema = z
  .object({
    ...riderFields,
    password1: passwordSchema,
    password2: z.string({ error: whenMissing(VALIDATION.REQUIRED) }),
    phoneVerified: z.boolean().default(true),
  })
  .refine((r) => r.password1 === r.password2, {
    error: FORM_VALIDATION.PASSWORDS_MISMATCH,
    path: ['password2'],
  });
export type RiderCreate = z.infer<typeof riderCreateSchema>;

/** PUT /entity/rider-update/{id}/ */
export const riderUpdateSchema = z.object(riderFields);
export type RiderUpdate = z.infer<typeof riderUpdateSchema>;

/** PATCH /entity/riders/mark_off_duty/{id}/: one or more of the flags. */
export const riderFlagsSchema = z
  .object({
    isOnDuty: z.boolean().optional(),
    isWildcard: z.boolean().optional(),
    isCovid: z.boolean().optional(),
  })
  .refine((f) => Object.values(f).some((v) => v !== undefined), FORM_VALIDATION.NOTHING_TO_UPDATE);
export type RiderFlags = z.infer<typeof riderFlagsSchema>;

/** GET /entity/riders/ filters (spec §7). */
export const riderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().default(''),
  regions: idListParamSchema.default([]),
  isOnline: toggleParamSchema,
  isCovid: toggleParamSchema,
  isWildcard: toggleParamSchema,
  /** Rider state codes (0 to 3), comma-joined: codes, not ids, so 0 is a value. */
  states: z
    .string()
    .regex(/^([0-3](,[0-3])*)?$/)
    .transform((v) => (v === '' ? [] : v.split(',').map(Number)))
    .default([]),
  ordering: z.string().default('-created'),
});
export type RiderListQuery = z.infer<typeof riderListQuerySchema>;

export const riderPageSchema = paged(riderSchema);
export const riderSummaryListSchema = z.array(riderSummarySchema);

/** GET /entity/rider_location/{id}/: the last fix also as plain latitude/longitude. */
export const riderPositionSchema = riderLocationSchema.extend({
  latitude: riderLocationSchema.shape.lastKnownLatitude,
  longitude: riderLocationSchema.shape.lastKnownLongitude,
});
export type RiderPosition = z.infer<typeof riderPositionSchema>;

/** PATCH /entity/riders/mark_off_duty/{id}/: the flags as they now stand. */
export const riderFlagsReplySchema = z.object({
  detail: z.string(),
  isOnDuty: z.boolean(),
  isWildcard: z.boolean(),
  isCovid: z.boolean(),
});
export type RiderFlagsReply = z.infer<typeof riderFlagsReplySchema>;

/** GET /entity/rider_force_deliver/{id}/: how many held samples were delivered. */
export const riderForceDeliverReplySchema = z.object({
  detail: z.string(),
  delivered: z.number().int(),
});
