import { createHash } from 'node:crypto';
import { fieldErrors } from '@dastak/core/entities/common';
import { type OrderCreate, orderCreateSchema } from '@dastak/core/entities/order-requests';
import { ERRORS, ORDER_MESSAGES, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { ORDER_CREATE_MESSAGES } from '@dastak/core/messages/order-create';
import { describeActivity, nextState, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { pickupFit } from '@dastak/core/rules/pickup-window';
import { ORDER_TYPES, type Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, requireStaff } from '../../../lib/actor';
import { conflict, invalid, invalidField } from '../../../lib/domain-errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  saveIdempotentResponse,
} from '../../../lib/idempotency.repository';
import { claimTimeSlot } from '../../dispatch/public';
import { activityRow, actorName, insertActivities } from '../../order-activities/public';
import { type OrderSummary, summarize } from '../order-action';
import * as refs from '../order-references.repository';
import { priceOrder, resolveTests } from '../order-tests';
import * as repo from '../orders.repository';

export type OrderCreated = OrderSummary & { detail: string };

/** '<B|X>-<yymmdd><5-digit daily sequence>' from the Karachi day of creation (as the demo). */
function orderNumber(vertical: Vertical, day: string, seq: number): string {
  return `${vertical === 'blood' ? 'B' : 'X'}-${day.slice(2).replaceAll('-', '')}${String(seq).padStart(5, '0')}`;
}

/**
 * POST /orders/{vertical}/: one transaction that checks every reference, prices the order from
 * the server's test prices and the discount, numbers it, writes it with its tests, bumps the
 * customer's counters and logs 'created'. A copy (sourceOrder) needs 'Can copy order'. With an
 * Idempotency-Key the same key and body return the first answer; another body gets 409.
 */
export async function createOrder(
  db: Db,
  vertical: Vertical,
  input: OrderCreate,
  actor: ActorContext,
  idempotencyKey?: string,
): Promise<OrderCreated> {
  requireStaff(actor, PERMISSIONS.CAN_ADD_ORDER);
  const parsed = orderCreateSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw invalid(Object.values(errors)[0]?.[0] ?? ERRORS.VALIDATION_FAILED, errors);
  }
  const data = parsed.data;
  if (data.vertical !== vertical) throw invalidField('vertical', ORDER_MESSAGES.VERTICAL_MISMATCH);
  if (data.sourceOrder) requireStaff(actor, PERMISSIONS.CAN_COPY_ORDER);

  return db.transaction(async (tx) => {
    const ref = idempotencyKey
      ? { key: idempotencyKey, userId: actor.userId, route: `POST /orders/${vertical}/` }
      : null;
    if (ref) {
      const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
      if (!(await claimIdempotencyKey(tx, ref, hash))) {
        const stored = await findIdempotencyKey(tx, ref);
        if (!stored || stored.requestHash !== hash) {
          throw conflict(ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED);
        }
        return stored.response as OrderCreated;
      }
    }
    const result = await insertNewOrder(tx, vertical, data, actor);
    if (ref) await saveIdempotentResponse(tx, ref, 201, result);
    return result;
  });
}

async function insertNewOrder(
  tx: DbOrTx,
  vertical: Vertical,
  data: OrderCreate,
  actor: Extract<ActorContext, { kind: 'staff' }>,
): Promise<OrderCreated> {
  const now = new Date();
  if (!(await refs.findCustomer(tx, data.customer))) {
    throw invalidField('customer', VALIDATION.CREATE_OR_SELECT_CUSTOMER);
  }
  if (!(await refs.findCustomerPatient(tx, data.customer, data.patient))) {
    throw invalidField('patient', VALIDATION.SELECT_PATIENT);
  }
  const address = await refs.findCustomerAddress(tx, data.customer, data.customerAddress);
  if (!address) throw invalidField('customerAddress', VALIDATION.CREATE_OR_SELECT_ADDRESS);
  // A pin only in the other vertical's regions: no region of this one can take it (ADR 0058).
  if (address.verticals.length > 0 && !address.verticals.includes(vertical)) {
    throw invalidField('customerAddress', ORDER_CREATE_MESSAGES.addressOutsideVertical(vertical));
  }
  const region = await refs.findRegion(tx, data.region);
  if (!region?.isActive || region.vertical !== vertical) {
    throw invalidField('region', ORDER_MESSAGES.REGION_INVALID);
  }
  // An address outside every region has no links; it books as 'unverified' for a human to fix.
  if (address.regionIds.length > 0 && !address.regionIds.includes(region.id)) {
    throw invalidField('region', ORDER_MESSAGES.REGION_MISMATCH);
  }
  const tests = await resolveTests(
    tx,
    vertical,
    data.scanType,
    'scanType',
    VALIDATION.SELECT_TEST_TYPE,
  );
  const price = priceOrder(tests.lines, { discount: data.discount, value: data.value });
  if (!(await refs.findLookup(tx, data.orderSource, 'orderSource', vertical))) {
    throw invalidField('orderSource', VALIDATION.SELECT_ORDER_SOURCE);
  }
  if (data.hearAbout && !(await refs.findLookup(tx, data.hearAbout, 'hearAboutUs', vertical))) {
    throw invalidField('hearAbout', VALIDATION.SELECT_HEAR_ABOUT_US);
  }
  const pickup = parseKarachi(`${data.date}T${data.timeSlot}`);
  if (!pickup) throw invalidField('timeSlot', VALIDATION.SELECT_PICKUP_TIME);
  // The window the create form's calendar and slots come from (core rules/pickup-window.ts).
  const fit = pickupFit('create', pickup, now);
  if (fit === 'soon') throw invalidField('timeSlot', ORDER_MESSAGES.PICKUP_TOO_SOON);
  if (fit === 'far') throw invalidField('date', ORDER_MESSAGES.PICKUP_TOO_FAR);
  // Only a slot the time-slots call offers now (shift, grid, room); locks the slot's day.
  await claimTimeSlot(
    tx,
    {
      vertical,
      date: data.date,
      timeSlot: data.timeSlot,
      regionId: region.id,
      isCovid: tests.isCovid,
    },
    now,
  );
  if (data.sourceOrder) {
    const sourceVertical = await repo.findOrderVertical(tx, data.sourceOrder);
    if (!sourceVertical) throw invalidField('sourceOrder', ORDER_MESSAGES.SOURCE_ORDER_UNKNOWN);
    if (sourceVertical !== vertical) {
      throw invalidField('sourceOrder', ORDER_MESSAGES.SOURCE_ORDER_OTHER_VERTICAL);
    }
  }
  if (data.partialOrderId && !(await repo.convertPartialOrder(tx, data.partialOrderId))) {
    throw invalidField('partialOrderId', ORDER_MESSAGES.PARTIAL_ORDER_GONE);
  }

  const state = nextState('create', null, {
    addressVerified: address.verified,
    addressValid: address.isValid,
    pickup,
    now,
  });
  const day = karachiDateString(now);
  const seq = await repo.nextOrderSequence(tx, vertical, day);
  const order = await repo.insertOrder(tx, {
    number: orderNumber(vertical, day, seq),
    vertical,
    state,
    pickup,
    regionId: region.id,
    customerId: data.customer,
    patientId: data.patient,
    customerAddressId: address.id,
    address: address.address,
    latitude: address.latitude,
    longitude: address.longitude,
    addressTypeId: address.addressTypeId,
    additionalNotes: data.additionalNotes,
    urgentDelivery: data.urgentDelivery,
    isFasting: tests.isFasting,
    isCovid: tests.isCovid,
    isUnverified: state === 'unverified',
    isExternal: data.isExternal,
    sourceOrderId: data.sourceOrder ?? null,
    partialOrderId: data.partialOrderId ?? null,
    fulfillmentMethod: data.fulfillmentMethod,
    // The body's orderType is §7's constant 1; the stored flag is Regular or Hospital (ADR 0024).
    orderType: data.fulfillmentMethod === 'offline' ? ORDER_TYPES.OFFLINE : ORDER_TYPES.ONLINE,
    orderSourceId: data.orderSource,
    hearAboutId: data.hearAbout ?? null,
    givenValue: price.givenValue,
    discountPercent: price.discountPercent,
    createdById: actor.userId,
  });
  await repo.insertOrderScanTypes(tx, order.id, tests.lines);
  await repo.recordCustomerOrder(tx, data.customer, order, data.hearAbout);
  const description = describeActivity('create', { actor: await actorName(tx, actor) });
  await insertActivities(tx, [
    activityRow(order, ORDER_TRANSITIONS.create.verb, description, actor, {
      pickup: pickup.toISOString(),
    }),
  ]);
  const summary = await summarize(tx, order);
  return { detail: SUCCESS.ORDER_CREATED(order.number), ...summary };
}
