import { z } from 'zod';
import { FORM_VALIDATION, INPUT_MESSAGES, VALIDATION } from './messages';

type Issue = z.core.$ZodRawIssue;

const TYPE_MESSAGES: Record<string, string> = {
  number: INPUT_MESSAGES.NOT_A_NUMBER,
  int: INPUT_MESSAGES.NOT_A_WHOLE_NUMBER,
  bigint: INPUT_MESSAGES.NOT_A_WHOLE_NUMBER,
  string: INPUT_MESSAGES.NOT_TEXT,
  boolean: INPUT_MESSAGES.NOT_TRUE_OR_FALSE,
  array: INPUT_MESSAGES.NOT_A_LIST,
  tuple: INPUT_MESSAGES.NOT_A_LIST,
  set: INPUT_MESSAGES.NOT_A_LIST,
  object: INPUT_MESSAGES.NOT_A_RECORD,
  record: INPUT_MESSAGES.NOT_A_RECORD,
  map: INPUT_MESSAGES.NOT_A_RECORD,
  date: FORM_VALIDATION.INVALID_DATE,
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: VALIDATION.EMAIL_INVALID,
  date: FORM_VALIDATION.INVALID_DATE,
  datetime: FORM_VALIDATION.INVALID_DATE,
  time: FORM_VALIDATION.INVALID_TIME,
};

function tooSmall(iss: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum: min, inclusive } = iss;
  switch (iss.origin) {
    case 'string':
      // An empty required text is a missing value, as a form reads it.
      return Number(min) <= 1 ? VALIDATION.REQUIRED : INPUT_MESSAGES.minLength(min);
    case 'array':
    case 'set':
      return INPUT_MESSAGES.minItems(min);
    case 'date':
      return FORM_VALIDATION.INVALID_DATE;
    default:
      return inclusive === false ? INPUT_MESSAGES.greaterThan(min) : INPUT_MESSAGES.atLeast(min);
  }
}

function tooBig(iss: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum: max, inclusive } = iss;
  switch (iss.origin) {
    case 'string':
      return INPUT_MESSAGES.maxLength(max);
    case 'array':
    case 'set':
      return INPUT_MESSAGES.maxItems(max);
    case 'date':
      return FORM_VALIDATION.INVALID_DATE;
    default:
      return inclusive === false ? INPUT_MESSAGES.lessThan(max) : INPUT_MESSAGES.atMost(max);
  }
}

/**
 * Every zod issue as a sentence of core's messages. Schemas that name their own message keep it
 * (zod asks a schema's own error first); everything else lands here, so zod's English
 * ('Invalid string: must match pattern /^.../') never reaches a user. A wrong type is only
 * 'Required field' when the value is missing.
 */
export function issueMessage(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return VALIDATION.REQUIRED;
      return TYPE_MESSAGES[iss.expected] ?? INPUT_MESSAGES.NOT_A_VALUE;
    case 'too_small':
      return tooSmall(iss);
    case 'too_big':
      return tooBig(iss);
    case 'invalid_format':
      return FORMAT_MESSAGES[iss.format] ?? INPUT_MESSAGES.WRONG_FORMAT;
    case 'not_multiple_of':
      return INPUT_MESSAGES.multipleOf(Number(iss.divisor));
    case 'invalid_value':
    case 'invalid_union':
      if (iss.input === undefined) return VALIDATION.REQUIRED;
      return INPUT_MESSAGES.SELECT_OPTION;
    case 'unrecognized_keys':
      return INPUT_MESSAGES.UNKNOWN_FIELDS;
    default:
      // invalid_key, invalid_element, and custom refinements that named no message.
      return INPUT_MESSAGES.NOT_A_VALUE;
  }
}

/**
 * For a schema's own message that means "missing" ('Required field', 'Select Patient'): used
 * only when the value is absent; a value of the wrong type falls through to issueMessage.
 */
export const whenMissing =
  (message: string) =>
  (iss: { input?: unknown }): string | undefined =>
    iss.input === undefined || iss.input === null ? message : undefined;

// Installed once, on import: every module that builds a core schema imports this file (through
// entities/common.ts), so no schema can be parsed without the map in place.
z.config({ customError: issueMessage });
