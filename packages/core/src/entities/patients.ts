import { z } from 'zod';
import { VALIDATION } from '../messages';
import { AGE_UNITS, GENDERS } from '../states';
import {
  firstNameSchema,
  genderSchema,
  idSchema,
  lastNameSchema,
  optionalEmailSchema,
  secondaryPhoneSchema,
} from './common';
import { versionSchema } from './versioning';

export const ageUnitSchema = z.enum(AGE_UNITS);

export const patientSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  secondaryPhone: z.string().nullable(),
  email: z.string().nullable(),
  gender: genderSchema,
  age: z.number().nullable(),
  ageUnit: ageUnitSchema.nullable(),
  ageWithUnit: z.object({ age: z.number().nullable(), ageUnit: ageUnitSchema.nullable() }),
  /** e.g. '32 Years'; '' when unknown. */
  ageString: z.string(),
  /** Shown as N/A when empty. */
  cardNumber: z.string().nullable(),
  customer: idSchema,
  version: versionSchema,
});
export type Patient = z.infer<typeof patientSchema>;

/**
 * Age: a number of at least 0. Text that is not a number reads 'Age must be a number'; any other
 * type is 'Invalid age'. Form text is accepted when it is numeric.
 */
export const ageSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? VALIDATION.REQUIRED
          : typeof issue.input === 'string' || typeof issue.input === 'number'
            ? VALIDATION.AGE_NOT_NUMBER
            : VALIDATION.AGE_INVALID,
    })
    .min(0, VALIDATION.AGE_MIN),
);

/** Optional age: empty form input means not given. */
const optionalAgeSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  ageSchema.optional(),
);

/** POST /entity/patient/ and PUT /entity/patient/{id}/ (gender defaults to Male, unit to years). */
export const patientCreateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: optionalEmailSchema.default(''),
  gender: genderSchema.default(GENDERS.MALE),
  age: optionalAgeSchema,
  ageUnit: ageUnitSchema.default('YEARS'),
  secondaryPhone: secondaryPhoneSchema.default(''),
  customer: idSchema,
});
export type PatientCreate = z.infer<typeof patientCreateSchema>;
export type PatientCreateInput = z.input<typeof patientCreateSchema>;

export const patientUpdateSchema = patientCreateSchema;
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;
