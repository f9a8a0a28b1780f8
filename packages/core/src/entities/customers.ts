import { z } from 'zod';
import { FORM_VALIDATION, INPUT_MESSAGES, VALIDATION } from '../messages';
import { karachiDateString } from '../rules/karachi-time';
import { whenMissing } from '../zod-messages';
import {
  customerPhoneSchema,
  dateTimeSchema,
  firstNameSchema,
  genderSchema,
  idListParamSchema,
  idSchema,
  isDateInRange,
  lastNameSchema,
  optionalEmailSchema,
  paged,
  pageQuerySchema,
  verticalFilterSchema,
} from './common';
import { customerAddressSchema } from './customer-addresses';
import { patientSchema } from './patients';
import { versionSchema } from './versioning';

export const customerOrderHistoryItemSchema = z.object({
  id: idSchema,
  number: z.string(),
  created: dateTimeSchema,
});

/** GET /entity/customer/{id}/ */
export const customerSchema = z.object({
  id: idSchema,
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  age: z.number().nullable(),
  gender: genderSchema.nullable(),
  dob: z.iso.date().nullable(),
  secondaryPhone: z.string().nullable(),
  addresses: z.array(customerAddressSchema),
  patients: z.array(patientSchema),
  orderHistory: z.array(customerOrderHistoryItemSchema),
  lastOrder: z.object({ id: idSchema, created: dateTimeSchema }).nullable(),
  numberOfOrders: z.number().int().nonnegative(),
  hasFilledHearAboutUs: z.boolean(),
  /** The patient made from the customer's own details on create. */
  createdPatientDetail: patientSchema.nullable(),
  version: versionSchema,
});
export type Customer = z.infer<typeof customerSchema>;

/** Row of GET /entity/customers/ and /entity/customer-search/. */
export const customerListItemSchema = customerSchema.pick({
  id: true,
  phone: true,
  firstName: true,
  lastName: true,
  email: true,
  numberOfOrders: true,
  lastOrder: true,
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/**
 * A page of GET /entity/customers/: the paged shape plus countIsCapped, true when more customers
 * match than the list counts (count is then the cap: 'N+ results').
 */
export const customerListPageSchema = paged(customerListItemSchema).extend({
  countIsCapped: z.boolean(),
});
export type CustomerListPage = z.infer<typeof customerListPageSchema>;

/** A date picker gives a Date; the API takes YYYY-MM-DD (spec §5). */
const dobSchema = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? karachiDateString(v) : v),
  z
    .string({ error: whenMissing(VALIDATION.REQUIRED) })
    .min(1, VALIDATION.REQUIRED)
    .pipe(z.iso.date({ error: FORM_VALIDATION.INVALID_DATE }))
    // A dob past today says so first (year 9999 too); then the one date rule (ADR 0050).
    .refine((d) => d <= karachiDateString(new Date()), {
      error: FORM_VALIDATION.DOB_FUTURE,
      abort: true,
    })
    .refine(isDateInRange, INPUT_MESSAGES.DATE_OUT_OF_RANGE),
);

const customerFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: optionalEmailSchema,
  gender: genderSchema,
  dob: dobSchema,
};

/** POST /entity/customers/ */
export const customerCreateSchema = z.object({
  phone: customerPhoneSchema,
  ...customerFields,
  email: optionalEmailSchema.default(''),
});
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

/** PATCH /entity/customer/{id}/: the number is read-only on update; absent fields stay as they are. */
export const customerUpdateSchema = z.object(customerFields).partial();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** GET /entity/customers/ */
export const customerListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().default(''),
  regions: idListParamSchema.default([]),
  ordering: z.string().default('-created'),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** GET /entity/customer/{id}/?vertical */
export const customerDetailQuerySchema = z.object({ vertical: verticalFilterSchema });

/** A search hit: enough of the customer, patients and addresses to book an order from it. */
export const customerSearchResultSchema = customerSchema
  .pick({
    id: true,
    phone: true,
    firstName: true,
    lastName: true,
    email: true,
    gender: true,
    hasFilledHearAboutUs: true,
  })
  .extend({
    patients: z.array(
      patientSchema.pick({
        id: true,
        firstName: true,
        lastName: true,
        gender: true,
        age: true,
        ageUnit: true,
      }),
    ),
    addresses: z.array(
      customerAddressSchema.pick({
        id: true,
        address: true,
        latitude: true,
        longitude: true,
        verified: true,
        isValid: true,
        regionCustomerAddresses: true,
      }),
    ),
  });
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;
export const customerSearchResultListSchema = z.array(customerSearchResultSchema);
