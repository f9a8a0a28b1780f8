import type { OrderState } from '@dastak/core/states';
import { VERTICALS } from '@dastak/core/states';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { patients } from '../../db/schema/customers';
import { orderScanTypes, orders, orderTubes } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

/**
 * The FHIR API's reads (ADR 0068): read-only, each on an indexed path. Searches page by a key
 * (keyset), never by offset, so the thousandth page of a million orders costs what the first does.
 */

const orderColumns = {
  id: orders.id,
  number: orders.number,
  vertical: orders.vertical,
  state: orders.state,
  pickup: orders.pickup,
  timeSlotMinutes: orders.timeSlotMinutes,
  patientId: orders.patientId,
  address: orders.address,
  latitude: orders.latitude,
  longitude: orders.longitude,
  assignedRiderId: orders.assignedRiderId,
  urgentDelivery: orders.urgentDelivery,
  isFasting: orders.isFasting,
  reachedAt: orders.reachedAt,
  collectedAt: orders.collectedAt,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  problemReason: orders.problemReason,
  cancellationReason: orders.cancellationReason,
  riderCollectionLatitude: orders.riderCollectionLatitude,
  riderCollectionLongitude: orders.riderCollectionLongitude,
  created: orders.created,
  modified: orders.modified,
};

export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;

export interface OrderFilter {
  ids?: readonly number[];
  numbers?: readonly string[];
  patientIds?: readonly number[];
  states?: readonly OrderState[];
  from?: Date;
  to?: Date;
  /** Orders at or after this (pickup, id), in that order. */
  after?: { pickup: Date; id: number };
  limit: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Orders matching the filter, by (pickup, id). Without an id, number or patient to start from,
 * one query per vertical rides that vertical's (vertical, pickup, id) index and the two pages
 * merge here: the orders table has no index on pickup alone.
 */
export async function findOrders(db: Db, f: OrderFilter): Promise<OrderRow[]> {
  const where = (vertical?: (typeof VERTICALS)[number]) => {
    const c: (SQL | undefined)[] = [
      vertical ? eq(orders.vertical, vertical) : undefined,
      f.ids ? inArray(orders.id, [...f.ids]) : undefined,
      f.numbers ? inArray(orders.number, [...f.numbers]) : undefined,
      f.patientIds ? inArray(orders.patientId, [...f.patientIds]) : undefined,
      f.states ? inArray(orders.state, [...f.states]) : undefined,
      f.from ? sql`${orders.pickup} >= ${ts(f.from)}` : undefined,
      f.to ? sql`${orders.pickup} < ${ts(f.to)}` : undefined,
      f.after
        ? sql`(${orders.pickup}, ${orders.id}) >= (${ts(f.after.pickup)}, ${f.after.id})`
        : undefined,
    ];
    return and(...c);
  };
  const page = (vertical?: (typeof VERTICALS)[number]) =>
    db
      .select(orderColumns)
      .from(orders)
      .where(where(vertical))
      .orderBy(asc(orders.pickup), asc(orders.id))
      .limit(f.limit)
      .then((rows): OrderRow[] => rows);
  if (f.ids || f.numbers || f.patientIds) return page();
  const pages = await Promise.all(VERTICALS.map((v) => page(v)));
  return pages
    .flat()
    .sort((a, b) => a.pickup.getTime() - b.pickup.getTime() || a.id - b.id)
    .slice(0, f.limit);
}

/** The tests of these orders with their catalogue code and name, by order then row id. */
export function testsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderScanTypes.id,
      orderId: orderScanTypes.orderId,
      count: orderScanTypes.count,
      code: scanTypes.code,
      name: scanTypes.name,
    })
    .from(orderScanTypes)
    .innerJoin(scanTypes, eq(scanTypes.id, orderScanTypes.scanTypeId))
    .where(inArray(orderScanTypes.orderId, [...orderIds]))
    .orderBy(asc(orderScanTypes.orderId), asc(orderScanTypes.id));
}
export type TestRow = Awaited<ReturnType<typeof testsOf>>[number];

/** The order of each test row (ServiceRequest ids are test row ids). */
export async function orderIdsOfTests(db: Db, testIds: readonly number[]) {
  if (testIds.length === 0) return [];
  const rows = await db
    .select({ orderId: orderScanTypes.orderId })
    .from(orderScanTypes)
    .where(inArray(orderScanTypes.id, [...testIds]));
  return [...new Set(rows.map((r) => r.orderId))];
}

const tubeColumns = {
  id: orderTubes.id,
  orderId: orderTubes.orderId,
  label: orderTubes.label,
  collectedAt: orderTubes.collectedAt,
  collectedById: orderTubes.collectedById,
  handedOverAt: orderTubes.handedOverAt,
  flag: orderTubes.flag,
};

/** The tubes of these orders, by order then id. */
export function tubesOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select(tubeColumns)
    .from(orderTubes)
    .where(inArray(orderTubes.orderId, [...orderIds]))
    .orderBy(asc(orderTubes.orderId), asc(orderTubes.id));
}
export type TubeRow = Awaited<ReturnType<typeof tubesOf>>[number];

export interface TubeFilter {
  ids?: readonly number[];
  labels?: readonly string[];
  patientIds?: readonly number[];
  /** true: flagged missing at the handover; false: not flagged. */
  missing?: boolean;
  from?: Date;
  to?: Date;
  after?: { collectedAt: Date; id: number };
  limit: number;
}

/** Tubes matching the filter, by (collected_at, id): order_tubes_collected_idx. */
export function findTubes(db: Db, f: TubeFilter) {
  const patientOrders = f.patientIds
    ? db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.patientId, [...f.patientIds]))
    : undefined;
  return db
    .select(tubeColumns)
    .from(orderTubes)
    .where(
      and(
        f.ids ? inArray(orderTubes.id, [...f.ids]) : undefined,
        f.labels ? inArray(orderTubes.label, [...f.labels]) : undefined,
        patientOrders ? inArray(orderTubes.orderId, patientOrders) : undefined,
        f.missing === undefined
          ? undefined
          : f.missing
            ? isNotNull(orderTubes.flag)
            : isNull(orderTubes.flag),
        f.from ? gte(orderTubes.collectedAt, f.from) : undefined,
        f.to ? lt(orderTubes.collectedAt, f.to) : undefined,
        f.after
          ? sql`(${orderTubes.collectedAt}, ${orderTubes.id}) >= (${ts(f.after.collectedAt)}, ${f.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(orderTubes.collectedAt), asc(orderTubes.id))
    .limit(f.limit);
}

export interface PatientFilter {
  ids?: readonly number[];
  afterId?: number;
  limit: number;
}

/** Patients by id (the primary key), deleted ones included: their orders still name them. */
export function findPatients(db: Db, f: PatientFilter) {
  return db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      phone: patients.phone,
      email: patients.email,
      gender: patients.gender,
      cardNumber: patients.cardNumber,
      deletedAt: patients.deletedAt,
      modified: patients.modified,
    })
    .from(patients)
    .where(
      and(
        f.ids ? inArray(patients.id, [...f.ids]) : undefined,
        f.afterId !== undefined ? gte(patients.id, f.afterId) : undefined,
      ),
    )
    .orderBy(asc(patients.id))
    .limit(f.limit);
}
export type PatientRow = Awaited<ReturnType<typeof findPatients>>[number];

/** Display names of riders (the collector, the Task's owner). */
export async function userNames(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}
