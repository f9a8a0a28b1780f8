import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FORM_VALIDATION, ORDER_MESSAGES, VALIDATION } from '../messages';
import { fieldErrors } from './common';
import {
  followUpSchema,
  orderAssignSchema,
  orderCancelSchema,
  orderCreateFormSchema,
  orderCreateSchema,
  orderRescheduleSchema,
  orderUpdateSchema,
  updateScanTypesSchema,
} from './order-requests';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const order = {
  patient: 11,
  customerAddress: 21,
  region: 1,
  scanType: ['CBC', 'LFT'],
  date: '2025-03-11',
  timeSlot: '10:30',
  orderSource: 1,
  orderType: 1,
  customer: 7,
  vertical: 'blood',
};

describe('order create', () => {
  it('fills the defaults of a minimal valid order', () => {
    expect(orderCreateSchema.parse(order)).toEqual({
      ...order,
      value: undefined,
      additionalNotes: '',
      urgentDelivery: false,
      fulfillmentMethod: 'online',
      isExternal: false,
    });
  });

  it('gives the spec message for each missing choice', () => {
    expect(errorsOf(orderCreateSchema, { vertical: 'blood' })).toEqual({
      patient: [VALIDATION.SELECT_PATIENT],
      customerAddress: [VALIDATION.CREATE_OR_SELECT_ADDRESS],
      region: [VALIDATION.REQUIRED],
      scanType: [VALIDATION.SELECT_TEST_TYPE],
      date: [VALIDATION.SELECT_PICKUP_TIME],
      timeSlot: [VALIDATION.SELECT_PICKUP_TIME],
      orderSource: [VALIDATION.SELECT_ORDER_SOURCE],
      customer: [VALIDATION.CREATE_OR_SELECT_CUSTOMER],
    });
    // The form also needs Regular or Hospital ('Order Type', sent as the fulfillment method).
    expect(errorsOf(orderCreateFormSchema, order).fulfillmentMethod).toEqual([
      VALIDATION.SELECT_ORDER_TYPE,
    ]);
  });

  it('fixes orderType at 1 and carries Regular/Hospital as fulfillmentMethod (ADR 0024)', () => {
    const { orderType: _fixed, ...noType } = order;
    expect(orderCreateSchema.parse(noType).orderType).toBe(1);
    expect(errorsOf(orderCreateSchema, { ...order, orderType: 2 }).orderType).toEqual([
      ORDER_MESSAGES.ORDER_TYPE_FIXED,
    ]);
    expect(
      orderCreateFormSchema.parse({ ...order, fulfillmentMethod: 'offline' }).fulfillmentMethod,
    ).toBe('offline');
    expect(
      errorsOf(orderCreateSchema, { ...order, fulfillmentMethod: 'hospital' }).fulfillmentMethod,
    ).toEqual([VALIDATION.SELECT_ORDER_TYPE]);
  });

  it("needs at least one test ('Select Test Type')", () => {
    expect(errorsOf(orderCreateSchema, { ...order, scanType: [] }).scanType).toEqual([
      VALIDATION.SELECT_TEST_TYPE,
    ]);
  });

  it('checks the order value and drops it unless above 0', () => {
    expect(errorsOf(orderCreateSchema, { ...order, value: -1 }).value).toEqual([
      VALIDATION.ORDER_VALUE_MIN,
    ]);
    expect(errorsOf(orderCreateSchema, { ...order, value: 'abc' }).value).toEqual([
      VALIDATION.ORDER_VALUE_INVALID,
    ]);
    expect(orderCreateSchema.parse({ ...order, value: 0 }).value).toBeUndefined();
    expect(orderCreateSchema.parse({ ...order, value: '' }).value).toBeUndefined();
    expect(orderCreateSchema.parse({ ...order, value: 1799.6 }).value).toBe(1800);
    expect(orderCreateSchema.parse({ ...order, value: '2500' }).value).toBe(2500);
  });

  it('checks the discount with the spec messages and keeps decimals', () => {
    expect(errorsOf(orderCreateSchema, { ...order, discount: -1 }).discount).toEqual([
      VALIDATION.DISCOUNT_MIN,
    ]);
    expect(errorsOf(orderCreateSchema, { ...order, discount: 100.5 }).discount).toEqual([
      VALIDATION.DISCOUNT_MAX,
    ]);
    expect(errorsOf(orderCreateSchema, { ...order, discount: 'abc' }).discount).toEqual([
      VALIDATION.DISCOUNT_INVALID,
    ]);
    expect(errorsOf(orderCreateSchema, { ...order, discount: true }).discount).toEqual([
      VALIDATION.DISCOUNT_INVALID,
    ]);
    expect(orderCreateSchema.parse({ ...order, discount: 12.5 }).discount).toBe(12.5);
    expect(orderCreateSchema.parse({ ...order, discount: '10' }).discount).toBe(10);
    expect(orderCreateSchema.parse({ ...order, discount: 0 }).discount).toBe(0);
    expect(orderCreateSchema.parse({ ...order, discount: '' }).discount).toBeUndefined();
    expect(orderCreateSchema.parse({ ...order, discount: null }).discount).toBeUndefined();
  });

  it('caps additional notes at 1000 characters', () => {
    expect(
      orderCreateSchema.safeParse({ ...order, additionalNotes: 'n'.repeat(1000) }).success,
    ).toBe(true);
    expect(errorsOf(orderCreateSchema, { ...order, additionalNotes: 'n'.repeat(1001) })).toEqual({
      additionalNotes: [VALIDATION.ADDITIONAL_NOTES_MAX],
    });
  });
});

describe('order actions', () => {
  it('assigns one or more riders by id', () => {
    expect(orderAssignSchema.parse({ riderIds: [4] })).toEqual({ riderIds: [4] });
    expect(errorsOf(orderAssignSchema, { riderIds: [] }).riderIds).toEqual([
      FORM_VALIDATION.SELECT_RIDER,
    ]);
  });

  it('cancels with a cancellation string', () => {
    expect(orderCancelSchema.parse({ cancellationStringId: 2 })).toEqual({
      cancellationStringId: 2,
      reason: '',
      isUnverified: false,
    });
  });

  it("reschedule needs a time slot ('Select re-schedule time')", () => {
    expect(
      errorsOf(orderRescheduleSchema, { date: '2025-03-12', rescheduleStringId: 1 }).timeSlot,
    ).toEqual([VALIDATION.SELECT_RESCHEDULE_TIME]);
  });

  it('updates one field inside data', () => {
    expect(orderUpdateSchema.parse({ data: { needsReview: true } })).toEqual({
      data: { needsReview: true },
    });
    expect(errorsOf(orderUpdateSchema, { data: {} }).data).toEqual([
      FORM_VALIDATION.NOTHING_TO_UPDATE,
    ]);
    expect(errorsOf(orderUpdateSchema, { data: { additionalNotes: 'c'.repeat(251) } })).toEqual({
      'data.additionalNotes': [FORM_VALIDATION.COMMENT_MAX],
    });
  });

  it('takes a follow-up reason of at most 250 characters', () => {
    expect(followUpSchema.safeParse({ order: 1, reason: 'r'.repeat(250) }).success).toBe(true);
    expect(errorsOf(followUpSchema, { order: 1, reason: 'r'.repeat(251) }).reason).toEqual([
      FORM_VALIDATION.COMMENT_MAX,
    ]);
    expect(errorsOf(followUpSchema, { order: 1, reason: '  ' }).reason).toEqual([
      VALIDATION.REQUIRED,
    ]);
  });

  it("saving tests needs at least one ('Select test type')", () => {
    expect(errorsOf(updateScanTypesSchema, { value: 100, scanType: [] }).scanType).toEqual([
      VALIDATION.SELECT_TEST_TYPE_LOWER,
    ]);
  });
});
