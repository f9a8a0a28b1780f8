import { createHash } from 'node:crypto';
import type {
  PartialOrderCreate,
  PartialOrderDetail,
  PartialOrderListQuery,
} from '@dastak/core/entities/partial-orders';
import { ORDER_MESSAGES, PARTIAL_ORDER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { validatePickupRange } from '@dastak/core/rules/order-filters';
import type { Db } from '../../../db/client';
import { type ActorContext, requireStaff } from '../../../lib/actor';
import { conflict, invalid, invalidField, notFound, refused } from '../../../lib/domain-errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  saveIdempotentResponse,
} from '../../../lib/idempotency.repository';
import { limitOffset } from '../../../lib/paging';
import { containsPattern } from '../../../lib/search-pattern';
import * as repo from './partial-orders.repository';

/** Partial orders (spec §2.4, §3, §4): the list, one, cancel, and a channel's create (ADR 0017). */

export function toPartialOrder(r: repo.PartialOrderRow): PartialOrderDetail {
  return {
    id: r.id,
    city: r.cityId !== null && r.cityName !== null ? { id: r.cityId, name: r.cityName } : null,
    name: r.name,
    phone: r.phone,
    address: r.address,
    state: r.state,
    date: r.date,
    timeSlot: r.timeSlot,
    created: toKarachiIso(r.created),
    pickup: toKarachiIso(r.pickup),
    email: r.email,
    latitude: r.latitude,
    longitude: r.longitude,
    tests: r.tests,
    source: r.source,
    notes: r.notes,
  };
}

const SORTABLE = new Set(['pickup', 'created', 'date']);

/** 'pickup' / '-pickup' / '-created'; unknown fields are ignored, nothing left is '-created'. */
export function partialOrderSortKeys(ordering: string): repo.PartialOrderSortKey[] {
  const keys: repo.PartialOrderSortKey[] = [];
  for (const raw of ordering.split(',')) {
    const column = raw.replace(/^-/, '');
    if (!SORTABLE.has(column) || keys.some((k) => k.column === column)) continue;
    keys.push({ column: column as repo.PartialOrderSortKey['column'], desc: raw.startsWith('-') });
  }
  return keys.length ? keys : [{ column: 'created', desc: true }];
}

function pickupWindow(q: { pickupFrom?: string; pickupTo?: string }) {
  const from = q.pickupFrom ? (parseKarachi(q.pickupFrom) ?? undefined) : undefined;
  const to = q.pickupTo ? (parseKarachi(q.pickupTo) ?? undefined) : undefined;
  const errors = validatePickupRange(from, to);
  if (errors.pickupFrom || errors.pickupTo) {
    throw invalid(VALIDATION.PICKUP_FROM_AFTER_TO, {
      pickupFrom: [errors.pickupFrom as string],
      pickupTo: [errors.pickupTo as string],
    });
  }
  return { pickupFrom: from, pickupTo: to };
}

// Ids are positive integers that fit an int column.
const ID_TEXT = /^\d{1,9}$/;

/**
 * GET /orders/partial-order/. The 'Order ID' search matches the id exactly, and the name or
 * phone as a case-insensitive substring (an agent often has only the caller's number).
 */
export async function listPartialOrders(db: Db, q: PartialOrderListQuery) {
  const window = pickupWindow(q);
  const page = limitOffset(q);
  const sort = partialOrderSortKeys(q.ordering);
  if (q.search === '') {
    return repo.listPartialOrders(db, { states: q.states, ...window }, sort, page);
  }
  const pattern = containsPattern(q.search);
  const id = ID_TEXT.test(q.search) ? Number(q.search) : undefined;
  if (pattern === null && id === undefined) return { count: 0, rows: [] };
  return repo.listPartialOrders(
    db,
    { states: q.states, ...window, id, pattern: pattern ?? undefined },
    sort,
    page,
  );
}

export async function getPartialOrder(db: Db, id: number): Promise<PartialOrderDetail> {
  const row = await repo.findPartialOrder(db, id);
  if (!row) throw notFound();
  return toPartialOrder(row);
}

/** PATCH {state: CANCELLED}: only a NEW one; a converted or cancelled one is a 409. */
export async function cancelPartialOrder(
  db: Db,
  id: number,
  actor: ActorContext,
): Promise<PartialOrderDetail & { detail: string }> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_ORDER);
  return db.transaction(async (tx) => {
    if (!(await repo.cancelPartialOrder(tx, id))) {
      if (!(await repo.partialOrderExists(tx, id))) throw notFound();
      throw refused(ORDER_MESSAGES.PARTIAL_ORDER_GONE);
    }
    const row = await repo.findPartialOrder(tx, id);
    return { ...toPartialOrder(row!), detail: PARTIAL_ORDER_MESSAGES.CANCELLED };
  });
}

const SLOT_START = /^(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?/i;

/** The start of a slot label as 'HH:mm': '10:00 - 11:00', '02:30 PM - 03:00 PM', '9:15'. */
export function slotStart(label: string): string | null {
  const m = SLOT_START.exec(label.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const meridiem = m[3]?.toLowerCase().replaceAll('.', '');
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hours > 23) {
    return null;
  }
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * POST /orders/partial-order/: a channel leaves what the customer typed; it waits as NEW for an
 * agent. The pickup is the slot's start in Karachi time and may not be in the past. With an
 * Idempotency-Key a retried request returns the first answer.
 */
export async function createPartialOrder(
  db: Db,
  data: PartialOrderCreate,
  actor: ActorContext,
  idempotencyKey?: string,
  now: Date = new Date(),
): Promise<PartialOrderDetail> {
  requireStaff(actor, PERMISSIONS.CAN_ADD_PARTIAL_ORDER);
  const start = slotStart(data.timeSlot);
  if (!start) throw invalidField('timeSlot', PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID);
  const pickup = parseKarachi(`${data.date}T${start}`);
  if (!pickup) throw invalidField('timeSlot', PARTIAL_ORDER_MESSAGES.TIME_SLOT_INVALID);
  if (pickup.getTime() < now.getTime()) {
    throw invalidField('timeSlot', PARTIAL_ORDER_MESSAGES.PICKUP_IN_PAST);
  }

  return db.transaction(async (tx) => {
    const ref = idempotencyKey
      ? { key: idempotencyKey, userId: actor.userId, route: 'POST /orders/partial-order/' }
      : null;
    if (ref) {
      const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
      if (!(await claimIdempotencyKey(tx, ref, hash))) {
        const stored = await findIdempotencyKey(tx, ref);
        if (!stored || stored.requestHash !== hash) {
          throw conflict(ORDER_MESSAGES.IDEMPOTENCY_KEY_REUSED);
        }
        return stored.response as PartialOrderDetail;
      }
    }
    if (!(await repo.cityExists(tx, data.city))) {
      throw invalidField('city', PARTIAL_ORDER_MESSAGES.CITY_INVALID);
    }
    const id = await repo.insertPartialOrder(tx, {
      cityId: data.city,
      name: data.name,
      phone: data.phone,
      email: data.email || null,
      address: data.address,
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      date: data.date,
      timeSlot: data.timeSlot,
      pickup,
      tests: data.tests,
      source: data.source,
      notes: data.notes || null,
    });
    const result = toPartialOrder((await repo.findPartialOrder(tx, id))!);
    if (ref) await saveIdempotentResponse(tx, ref, 201, result);
    return result;
  });
}
