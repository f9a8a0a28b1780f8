import { z } from 'zod';
import { ADDITIONAL_NOTES_MAX, NAME_MAX } from '../constants';
import { PARTIAL_ORDER_MESSAGES, VALIDATION } from '../messages';
import { PARTIAL_ORDER_STATES } from '../states';
import {
  apiDateSchema,
  customerPhoneSchema,
  dateTimeSchema,
  idSchemaWith,
  latitudeSchema,
  longitudeSchema,
  nameTextSchema,
  optionalEmailSchema,
  paged,
  pageQuerySchema,
  requiredTextSchema,
} from './common';
import { partialOrderSchema } from './orders';
import { testCodesSchema } from './test-codes';

/** Channels that leave partial orders (website form, WhatsApp, the mobile app, the chatbot). */
export const PARTIAL_ORDER_SOURCES = ['website', 'whatsapp', 'mobileApp', 'chatbot'] as const;
export type PartialOrderSource = (typeof PARTIAL_ORDER_SOURCES)[number];

/**
 * A partial order as the list, the side panel and the create page read it: the fields of spec §3
 * plus what the channel captured beyond them (pickup is the slot start, for Collection Time).
 */
export const partialOrderDetailSchema = partialOrderSchema.extend({
  pickup: dateTimeSchema,
  email: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tests: z.array(z.string()),
  source: z.string(),
  notes: z.string().nullable(),
});
export type PartialOrderDetail = z.infer<typeof partialOrderDetailSchema>;

export const partialOrderPageSchema = paged(partialOrderDetailSchema);
export type PartialOrderPage = z.infer<typeof partialOrderPageSchema>;

const stateListParamSchema = z
  .string()
  .transform((v) => (v === '' ? [] : v.split(',')))
  .pipe(z.array(z.enum(PARTIAL_ORDER_STATES)));

/**
 * GET /orders/partial-order/: search ('Order ID': the id, or a name or phone substring), the
 * pickup window, ordering and page. Only open (NEW) ones unless states says otherwise.
 */
export const partialOrderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().default(''),
  pickupFrom: dateTimeSchema.optional(),
  pickupTo: dateTimeSchema.optional(),
  states: stateListParamSchema.default(['NEW']),
  ordering: z
    .string()
    .regex(/^-?[a-zA-Z]+(,-?[a-zA-Z]+)*$/)
    .default('-created'),
});
export type PartialOrderListQuery = z.infer<typeof partialOrderListQuerySchema>;

/**
 * POST /orders/partial-order/: what a website or chat channel captured. timeSlot is the label it
 * showed ('10:00 - 11:00', '10:00 AM - 10:30 AM' or '10:00'); its start is the pickup.
 */
export const partialOrderCreateSchema = z.object({
  city: idSchemaWith(PARTIAL_ORDER_MESSAGES.CITY_REQUIRED),
  name: nameTextSchema(NAME_MAX * 2, PARTIAL_ORDER_MESSAGES.NAME_MAX),
  phone: customerPhoneSchema,
  email: optionalEmailSchema.optional(),
  address: requiredTextSchema().max(ADDITIONAL_NOTES_MAX, PARTIAL_ORDER_MESSAGES.ADDRESS_MAX),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  date: apiDateSchema,
  timeSlot: z
    .string({ error: PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID })
    .trim()
    .min(1, PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID)
    .max(40, PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID),
  tests: testCodesSchema(z.array(z.string().trim().min(1).max(120)).max(20)).default([]),
  source: z.enum(PARTIAL_ORDER_SOURCES).default('website'),
  notes: z.string().trim().max(ADDITIONAL_NOTES_MAX, VALIDATION.ADDITIONAL_NOTES_MAX).optional(),
});
export type PartialOrderCreate = z.infer<typeof partialOrderCreateSchema>;
export type PartialOrderCreateInput = z.input<typeof partialOrderCreateSchema>;

/** PATCH /orders/partial-order/{id}/ (cancel): the toast text beside the order as it now stands. */
export const partialOrderCancelReplySchema = partialOrderDetailSchema.extend({
  detail: z.string(),
});
