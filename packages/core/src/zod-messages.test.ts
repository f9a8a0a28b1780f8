import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idListParamSchema, idParamSchema, idSchema, timeOfDaySchema } from './entities/common';
import { orderCreateSchema, updateScanTypesSchema } from './entities/order-requests';
import { partialOrderCreateSchema } from './entities/partial-orders';
import { patientCreateSchema } from './entities/patients';
import { FORM_VALIDATION, INPUT_MESSAGES, VALIDATION } from './messages';
import { TEST_LIMIT_MESSAGES } from './messages/test-limits';
import { issueMessage, whenMissing } from './zod-messages';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`parsed: ${JSON.stringify(value)}`);
  return r.error.issues[0]!.message;
};

describe('the zod error map', () => {
  it('words every issue kind as a sentence of core messages', () => {
    expect(messageOf(z.number(), 'abc')).toBe(INPUT_MESSAGES.NOT_A_NUMBER);
    expect(messageOf(z.number().int(), 1.5)).toBe(INPUT_MESSAGES.NOT_A_WHOLE_NUMBER);
    expect(messageOf(z.string(), 5)).toBe(INPUT_MESSAGES.NOT_TEXT);
    expect(messageOf(z.boolean(), 'yes')).toBe(INPUT_MESSAGES.NOT_TRUE_OR_FALSE);
    expect(messageOf(z.array(z.string()), 'a')).toBe(INPUT_MESSAGES.NOT_A_LIST);
    expect(messageOf(z.object({}), 'a')).toBe(INPUT_MESSAGES.NOT_A_RECORD);
    expect(messageOf(z.number().positive(), 0)).toBe(INPUT_MESSAGES.greaterThan(0));
    expect(messageOf(z.number().min(3), 2)).toBe(INPUT_MESSAGES.atLeast(3));
    expect(messageOf(z.number().max(9), 10)).toBe(INPUT_MESSAGES.atMost(9));
    expect(messageOf(z.string().min(1), '')).toBe(VALIDATION.REQUIRED);
    expect(messageOf(z.string().max(3), 'abcd')).toBe(INPUT_MESSAGES.maxLength(3));
    expect(messageOf(z.array(z.number()).max(1), [1, 2])).toBe(INPUT_MESSAGES.maxItems(1));
    expect(messageOf(z.string().regex(/^\d+$/), 'x')).toBe(INPUT_MESSAGES.WRONG_FORMAT);
    expect(messageOf(z.email(), 'x')).toBe(VALIDATION.EMAIL_INVALID);
    expect(messageOf(z.iso.date(), 'x')).toBe(FORM_VALIDATION.INVALID_DATE);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe(INPUT_MESSAGES.SELECT_OPTION);
    expect(messageOf(z.union([z.literal(1), z.literal(2)]), 4)).toBe(INPUT_MESSAGES.SELECT_OPTION);
    expect(messageOf(z.strictObject({}), { a: 1 })).toBe(INPUT_MESSAGES.UNKNOWN_FIELDS);
    expect(messageOf(z.number().multipleOf(5), 3)).toBe(INPUT_MESSAGES.multipleOf(5));
    expect(
      messageOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe(INPUT_MESSAGES.NOT_A_VALUE);
  });

  it("says 'Required field' only for a missing value, not a wrong one", () => {
    expect(messageOf(z.object({ a: z.number() }), {})).toBe(VALIDATION.REQUIRED);
    expect(messageOf(idSchema, 'abc')).toBe(INPUT_MESSAGES.NOT_A_NUMBER);
    const region = orderCreateSchema.shape.region;
    expect(messageOf(region, undefined)).toBe(VALIDATION.REQUIRED);
    expect(messageOf(region, '5')).toBe(INPUT_MESSAGES.NOT_A_NUMBER);
    expect(messageOf(patientCreateSchema.shape.gender, 4)).toBe(INPUT_MESSAGES.SELECT_OPTION);
    expect(messageOf(orderCreateSchema.shape.patient, undefined)).toBe(VALIDATION.SELECT_PATIENT);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.number().min(1, 'Own words'), 0)).toBe('Own words');
    expect(messageOf(timeOfDaySchema, '25:99')).toBe(FORM_VALIDATION.INVALID_TIME);
    // Once 'Invalid string: must match pattern /^([01]\d|2[0-3]).../'.
    expect(messageOf(orderCreateSchema.shape.timeSlot, '10:7')).toBe(FORM_VALIDATION.INVALID_TIME);
    expect(messageOf(z.string({ error: whenMissing('Say it') }), undefined)).toBe('Say it');
  });

  it('has no zod English left in any message it gives', () => {
    const samples: z.core.$ZodRawIssue[] = [
      { code: 'invalid_key', origin: 'record', issues: [], input: 1, path: [] },
      { code: 'invalid_element', origin: 'map', key: 1, issues: [], input: 1, path: [] },
      { code: 'too_big', origin: 'date', maximum: 1, input: 1, path: [] },
      { code: 'invalid_type', expected: 'symbol', input: 1, path: [] },
    ] as never;
    for (const s of samples) expect(issueMessage(s)).not.toMatch(/Invalid|expected|\/\^/);
  });
});

describe('ids carry the int4 range of their columns', () => {
  it('refuses ids past 2147483647 in bodies, paths and lists', () => {
    expect(idSchema.safeParse(2147483647).success).toBe(true);
    expect(messageOf(idSchema, 2147483648)).toBe(INPUT_MESSAGES.UNKNOWN_ID);
    expect(messageOf(idSchema, 9007199254740991)).toBe(INPUT_MESSAGES.UNKNOWN_ID);
    expect(messageOf(idSchema, 0)).toBe(INPUT_MESSAGES.UNKNOWN_ID);
    expect(idParamSchema.parse('2147483647')).toBe(2147483647);
    expect(messageOf(idParamSchema, '2147483648')).toBe(INPUT_MESSAGES.UNKNOWN_ID);
    expect(messageOf(idParamSchema, '1e3')).toBe(INPUT_MESSAGES.UNKNOWN_ID);
    expect(idListParamSchema.parse('1,2')).toEqual([1, 2]);
    expect(messageOf(idListParamSchema, '1,2147483648')).toBe(INPUT_MESSAGES.UNKNOWN_ID);
  });
});

describe('test quantities are bounded', () => {
  it('takes a code at most 10 times and at most 30 different codes', () => {
    const codes = (n: number, code = 'CBC') => Array.from({ length: n }, () => code);
    const scanType = updateScanTypesSchema.shape.scanType;
    expect(scanType.safeParse(codes(10)).success).toBe(true);
    expect(messageOf(scanType, codes(11))).toBe(TEST_LIMIT_MESSAGES.QUANTITY_MAX);
    expect(messageOf(scanType, codes(5000))).toBe(TEST_LIMIT_MESSAGES.QUANTITY_MAX);
    const distinct = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
    expect(scanType.safeParse(distinct(30)).success).toBe(true);
    expect(messageOf(scanType, distinct(31))).toBe(TEST_LIMIT_MESSAGES.LINES_MAX);
    expect(messageOf(orderCreateSchema.shape.scanType, codes(11))).toBe(
      TEST_LIMIT_MESSAGES.QUANTITY_MAX,
    );
    expect(messageOf(partialOrderCreateSchema.shape.tests, codes(11))).toBe(
      TEST_LIMIT_MESSAGES.QUANTITY_MAX,
    );
  });
});
