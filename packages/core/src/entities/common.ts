import { z } from 'zod';
import {
  COMMENT_MAX,
  NAME_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PHONE_LENGTH,
} from '../constants';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { toSixDecimals } from '../rules/format';
import { GENDERS, SCOPES, VERTICALS } from '../states';

/** Database ids are positive integers. */
export const idSchema = z.number({ error: VALIDATION.REQUIRED }).int().positive();
/** Ids arriving as text (path and query parameters). */
export const idParamSchema = z.coerce.number().int().positive();

export const verticalSchema = z.enum(VERTICALS);
export const scopeSchema = z.enum(SCOPES);

/** A date-time as JSON carries it: ISO 8601 with an offset (or Z). */
export const dateTimeSchema = z.iso.datetime({ offset: true, error: FORM_VALIDATION.INVALID_DATE });
/** A calendar date, YYYY-MM-DD. */
export const apiDateSchema = z.iso.date({ error: FORM_VALIDATION.INVALID_DATE });
/** A time of day, HH:mm or HH:mm:ss. */
export const timeOfDaySchema = z.iso.time({ error: FORM_VALIDATION.INVALID_TIME });

const DIGITS = /^\d*$/;

/** Digits only, at most 11 (spec §5). */
export const phoneSchema = z
  .string({ error: VALIDATION.REQUIRED })
  .regex(DIGITS, VALIDATION.PHONE_INVALID)
  .max(PHONE_LENGTH, VALIDATION.PHONE_MAX);

/** Customer numbers are exactly 11 digits. */
export const customerPhoneSchema = z
  .string({ error: VALIDATION.REQUIRED })
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), VALIDATION.CUSTOMER_PHONE_LENGTH);

/** Exactly 11 digits, or empty. */
export const secondaryPhoneSchema = z
  .string()
  .regex(new RegExp(`^(\\d{${PHONE_LENGTH}})?$`), VALIDATION.CUSTOMER_PHONE_LENGTH);

export const firstNameSchema = z
  .string({ error: VALIDATION.REQUIRED })
  .trim()
  .min(1, VALIDATION.REQUIRED)
  .max(NAME_MAX, VALIDATION.FIRST_NAME_MAX);
export const lastNameSchema = z
  .string({ error: VALIDATION.REQUIRED })
  .trim()
  .min(1, VALIDATION.REQUIRED)
  .max(NAME_MAX, VALIDATION.LAST_NAME_MAX);

export const emailSchema = z
  .string({ error: VALIDATION.REQUIRED })
  .trim()
  .min(1, VALIDATION.REQUIRED)
  .pipe(z.email({ error: VALIDATION.EMAIL_INVALID }));
/** Optional email: empty is allowed, anything else must be valid. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || z.email().safeParse(v).success, VALIDATION.EMAIL_INVALID);

export const commentSchema = z.string().max(COMMENT_MAX, FORM_VALIDATION.COMMENT_MAX);

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);
export const latLngSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type LatLng = z.infer<typeof latLngSchema>;
/** Coordinates as sent: rounded to 6 decimals. */
export const sixDecimalsSchema = z.number().transform(toSixDecimals);

/** A paged list: {count, next, previous, results}; next/previous are links with ?page=. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paged<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().positive().max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Comma-joined id lists in query strings ('1,2,3'); empty means no filter. */
export const idListParamSchema = z
  .string()
  .regex(/^(\d+(,\d+)*)?$/)
  .transform((v) => (v === '' ? [] : v.split(',').map(Number)));

/** 'true' / 'false' query toggles; anything else is unset. */
export const toggleParamSchema = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** {id, name} reference to another record. */
export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** Standard error body (DESIGN: API conventions). */
export const errorBodySchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Gender codes: 1 male, 2 female, 3 not disclosed. */
export const genderSchema = z.union(
  [z.literal(GENDERS.MALE), z.literal(GENDERS.FEMALE), z.literal(GENDERS.NOT_DISCLOSED)],
  { error: VALIDATION.REQUIRED },
);

/** A zod error as the API's `errors` field: messages by dotted field path ('' for the body). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
