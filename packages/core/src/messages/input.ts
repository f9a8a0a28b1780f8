import { DATE_RANGE, TIME_SLOT_LENGTHS } from '../constants';

/*
 * The input refusals of the request schemas, apart from messages.ts so that the console's shell
 * does not carry them (docs/decisions/0042-feature-messages.md); messages.ts re-exports them.
 */

/**
 * What a user reads when a value does not fit its field and the schema names no message of its
 * own (core's zod error map, zod-messages.ts), and the boundary's refusals of hostile input.
 * Zod's own English ('Too small: expected number to be >0') never reaches a user.
 */
export const INPUT_MESSAGES = {
  NOT_A_NUMBER: 'Must be a number',
  NOT_A_WHOLE_NUMBER: 'Must be a whole number',
  NOT_TEXT: 'Must be text',
  NOT_TRUE_OR_FALSE: 'Must be true or false',
  NOT_A_LIST: 'Must be a list',
  NOT_A_RECORD: 'Must be a group of fields',
  NOT_A_VALUE: 'Enter a valid value',
  WRONG_FORMAT: 'This value is not in the right format',
  SELECT_OPTION: 'Select one of the offered options',
  UNKNOWN_FIELDS: 'This request has fields that are not accepted',
  /** An id no row can have (outside the int4 range of the ids). */
  UNKNOWN_ID: 'No record has this id',
  NUL_CHARACTER: 'Text can not contain the NUL character',
  /** Every date is from DATE_RANGE.MIN to DATE_RANGE.MAX (ADR 0050). */
  DATE_OUT_OF_RANGE: `Enter a date from ${DATE_RANGE.MIN.slice(0, 4)} to ${DATE_RANGE.MAX.slice(0, 4)}`,
  /** A rider's location fix dated past the server's clock (plus PING_CLOCK_SKEW_MINUTES). */
  RECORDED_IN_FUTURE: 'The location time can not be in the future',
  /** Control, bidi-override or unpaired-surrogate characters in text (ADR 0050). */
  TEXT_INVALID_CHARACTERS: 'Text can not contain control or invisible formatting characters',
  SLOT_LENGTH_INVALID: `Slot length must be one of ${TIME_SLOT_LENGTHS.join(', ')} minutes`,
  atLeast: (min: number | bigint) => `Must be at least ${min}`,
  atMost: (max: number | bigint) => `Must be at most ${max}`,
  greaterThan: (min: number | bigint) => `Must be greater than ${min}`,
  lessThan: (max: number | bigint) => `Must be less than ${max}`,
  minLength: (min: number | bigint) => `Must be at least ${min} characters long`,
  maxLength: (max: number | bigint) => `Must be at most ${max} characters`,
  minItems: (min: number | bigint) => `Choose at least ${min}`,
  maxItems: (max: number | bigint) => `Choose at most ${max}`,
  multipleOf: (divisor: number) => `Must be a multiple of ${divisor}`,
} as const;
