import { z } from 'zod';
import {
  COMMENT_MAX,
  DATE_RANGE,
  EMAIL_MAX,
  NAME_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PHONE_LENGTH,
} from '../constants';
import { FORM_VALIDATION, INPUT_MESSAGES, VALIDATION } from '../messages';
import { toSixDecimals } from '../rules/format';
import { hasVisibleText, isCleanLine, isCleanText } from '../rules/text';
import { GENDERS, SCOPES, VERTICALS } from '../states';
import { whenMissing } from '../zod-messages';

/**
 * The largest id a row can have: every id column is PostgreSQL `integer` (int4; the one bigint
 * id, rider_location_pings, is never taken as input). A larger id names no row: refused here,
 * before it reaches the database as 'out of range for type integer' (docs/decisions/0019).
 */
export const ID_MAX = 2_147_483_647;

/** Database ids are integers from 1 to ID_MAX; `message` says what a missing one means. */
export const idSchemaWith = (message: string) =>
  z
    .number({ error: whenMissing(message) })
    .int()
    .min(1, INPUT_MESSAGES.UNKNOWN_ID)
    .max(ID_MAX, INPUT_MESSAGES.UNKNOWN_ID);
export const idSchema = idSchemaWith(VALIDATION.REQUIRED);
/** Ids arriving as text (path and query parameters): digits only, then the id range. */
export const idParamSchema = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .regex(/^\d+$/, INPUT_MESSAGES.UNKNOWN_ID)
  .transform(Number)
  .pipe(idSchema);

export const verticalSchema = z.enum(VERTICALS);
export const scopeSchema = z.enum(SCOPES);
/**
 * `?vertical=` on every list that takes it (lookups, cities, regions, collection centers, scan
 * types, customer detail): blood or xray narrows the list to that vertical (and, for lookups, the
 * shared items); 'common' names the shared scope, not a vertical, so it narrows nothing, the same
 * as leaving it out (docs/decisions/0019). One schema, so every list reads it alike.
 */
export const verticalFilterSchema = scopeSchema
  .optional()
  .transform((v) => (v === 'common' ? undefined : v));

/**
 * The one date rule (docs/decisions/0050-bad-input.md): every date and date-time, in a
 * body or a query, falls within DATE_RANGE, so none reaches PostgreSQL out of its range (year 0
 * was a 500 on 36 operations, and a CSV's dropped connection). A value that is not a date at all
 * is the format check's to name, so the range check passes it.
 */
const RANGE_FIRST_MS = Date.parse(`${DATE_RANGE.MIN}T00:00:00Z`);
const RANGE_LAST_MS = Date.parse(`${DATE_RANGE.MAX}T23:59:59.999Z`);
export const isDateTimeInRange = (v: string) => {
  const ms = Date.parse(v);
  return Number.isNaN(ms) || (ms >= RANGE_FIRST_MS && ms <= RANGE_LAST_MS);
};
export const isDateInRange = (day: string) => day >= DATE_RANGE.MIN && day <= DATE_RANGE.MAX;

/** A date-time as JSON carries it: ISO 8601 with an offset (or Z), within DATE_RANGE. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, error: FORM_VALIDATION.INVALID_DATE })
  .refine(isDateTimeInRange, INPUT_MESSAGES.DATE_OUT_OF_RANGE);
/** A calendar date, YYYY-MM-DD, within DATE_RANGE. */
export const apiDateSchema = z.iso
  .date({ error: FORM_VALIDATION.INVALID_DATE })
  .refine(isDateInRange, INPUT_MESSAGES.DATE_OUT_OF_RANGE);
/**
 * A date-time that has happened: within DATE_RANGE and not past now plus `skewMinutes` (a date
 * out of the range has the range's message only). No `abort`: inside a union an aborted branch
 * hides its message behind 'Select one of the offered options'.
 */
export const pastDateTimeSchema = (skewMinutes: number, futureMessage: string) =>
  dateTimeSchema.refine(
    (v) => !isDateTimeInRange(v) || !(Date.parse(v) > Date.now() + skewMinutes * 60_000),
    futureMessage,
  );
/** A time of day, HH:mm or HH:mm:ss. */
export const timeOfDaySchema = z.iso.time({ error: FORM_VALIDATION.INVALID_TIME });

const DIGITS = /^\d*$/;

/** Digits only, at most 11 (spec §5). */
export const phoneSchema = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .regex(DIGITS, VALIDATION.PHONE_INVALID)
  .max(PHONE_LENGTH, VALIDATION.PHONE_MAX);

// Anything but digits is not a phone number at all (spec §5 'Must be a valid phone number');
// only a number of digits can be the wrong length. `abort`: one message, the first that applies.
const digitsOnly = { error: VALIDATION.PHONE_INVALID, abort: true } as const;

/** Customer numbers are digits, exactly 11 of them. */
export const customerPhoneSchema = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .regex(DIGITS, digitsOnly)
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), VALIDATION.CUSTOMER_PHONE_LENGTH);

/** A patient's secondary phone: digits, exactly 11 of them, or empty (its own message). */
export const secondaryPhoneSchema = z
  .string()
  .regex(DIGITS, digitsOnly)
  .regex(new RegExp(`^(\\d{${PHONE_LENGTH}})?$`), VALIDATION.SECONDARY_PHONE_LENGTH);

/**
 * A person's or a place's name (the text rule, ADR 0050): one line of clean text that shows
 * something once whitespace and zero-width characters are gone ('Required field' otherwise).
 */
export const nameTextSchema = (max: number, maxMessage: string) =>
  z
    .string({ error: whenMissing(VALIDATION.REQUIRED) })
    .trim()
    .min(1, { error: VALIDATION.REQUIRED, abort: true })
    .max(max, maxMessage)
    .refine(isCleanLine, { error: INPUT_MESSAGES.TEXT_INVALID_CHARACTERS, abort: true })
    .refine(hasVisibleText, VALIDATION.REQUIRED);
/** Required free text (an address): clean text, lines allowed, that shows something. */
export const requiredTextSchema = () =>
  z
    .string({ error: whenMissing(VALIDATION.REQUIRED) })
    .trim()
    .min(1, { error: VALIDATION.REQUIRED, abort: true })
    .refine(isCleanText, { error: INPUT_MESSAGES.TEXT_INVALID_CHARACTERS, abort: true })
    .refine(hasVisibleText, VALIDATION.REQUIRED);

export const firstNameSchema = nameTextSchema(NAME_MAX, VALIDATION.FIRST_NAME_MAX);
export const lastNameSchema = nameTextSchema(NAME_MAX, VALIDATION.LAST_NAME_MAX);

/** A valid address of at most EMAIL_MAX characters (longer is not an address: RFC 5321). */
const validEmail = z
  .email({ error: VALIDATION.EMAIL_INVALID })
  .max(EMAIL_MAX, VALIDATION.EMAIL_INVALID);
const isEmail = (v: string) => validEmail.safeParse(v).success;
export const emailSchema = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .trim()
  .min(1, VALIDATION.REQUIRED)
  .pipe(validEmail)
  // The API document shows what the pipe enforces (its input side alone reads 'a string').
  .meta({ format: 'email', maxLength: EMAIL_MAX });
/** Optional email: empty is allowed, anything else must be valid. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isEmail(v), VALIDATION.EMAIL_INVALID)
  .meta({ description: 'An email address, or empty', maxLength: EMAIL_MAX });

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
  .regex(/^(\d+(,\d+)*)?$/, INPUT_MESSAGES.UNKNOWN_ID)
  .transform((v) => (v === '' ? [] : v.split(',').map(Number)))
  .pipe(z.array(idSchema));

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
  { error: whenMissing(VALIDATION.REQUIRED) },
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

/** The answer of a create: the toast text and the new row's id. */
export const createdReplySchema = z.object({ detail: z.string(), id: idSchema });

/**
 * A 204 answer: no body. Named here like every response schema, so the route table holds none
 * of its own (ADR 0020, "Response schemas").
 */
export const noContentSchema = z.null();
