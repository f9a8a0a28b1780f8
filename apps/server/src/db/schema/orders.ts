import {
  FULFILLMENT_METHODS,
  ORDER_STATES,
  PARTIAL_ORDER_STATES,
  VERTICALS,
} from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { scanTypes } from './catalog';
import { timestamps, tz, version } from './columns';
import { customerAddresses, customers, patients } from './customers';
import { cities, collectionCenters, regions } from './locations';
import { lookups } from './lookups';
import { users } from './users';

/** As core's prescriptionFileSchema: 'image' or 'pdf' decides how the console shows it. */
export type PrescriptionFile = { url: string; kind: 'image' | 'pdf' };

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Requests that arrive from the website or a chat channel before an agent books them (§2.4). */
export const partialOrders = pgTable(
  'partial_orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cityId: integer().references(() => cities.id),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    address: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    state: text({ enum: PARTIAL_ORDER_STATES }).notNull().default('NEW'),
    /** Requested date and slot as the channel sent them ('10:00 - 11:00'). */
    date: date({ mode: 'string' }).notNull(),
    timeSlot: text().notNull(),
    /** Start of the requested slot: the Collection Time column, its sort and pickup filters. */
    pickup: tz().notNull(),
    /** Test names or codes as typed by the customer. */
    tests: jsonb().$type<string[]>().notNull().default([]),
    /** 'website' | 'whatsapp' | 'mobileApp' | 'chatbot' */
    source: text().notNull().default('website'),
    notes: text(),
    ...timestamps,
  },
  (t) => [index('partial_orders_pickup_idx').on(t.pickup)],
);

/**
 * Orders (spec §3 Order). number is '<B|X>-<yymmdd><5-digit daily sequence>' from the Karachi
 * date of creation, e.g. B-26112100123; order_number_counters hands out the sequence.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    number: text().notNull(),
    vertical: text({ enum: VERTICALS }).notNull(),
    state: text({ enum: ORDER_STATES }).notNull(),
    /** Start of the booked time slot. */
    pickup: tz().notNull(),
    timeSlotMinutes: smallint().notNull().default(60),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    customerAddressId: integer().references(() => customerAddresses.id),
    /** Address text and pin copied at booking: the list shows them without a join. */
    address: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** Copied from the address at booking for the address-type filter. */
    addressTypeId: integer().references(() => lookups.id),
    assignedRiderId: integer().references(() => users.id),
    additionalNotes: text().notNull().default(''),
    urgentDelivery: boolean().notNull().default(false),
    isFasting: boolean().notNull().default(false),
    isMedicineAndSpecificTime: boolean().notNull().default(false),
    needsReview: boolean().notNull().default(false),
    isFollowUpAddressed: boolean().notNull().default(false),
    allowManualAssignment: boolean().notNull().default(true),
    isUnverified: boolean().notNull().default(false),
    wasAutoAssigned: boolean().notNull().default(false),
    wasManualAssigned: boolean().notNull().default(false),
    isCovid: boolean().notNull().default(false),
    isUnverifiedByRider: boolean().notNull().default(false),
    isExternal: boolean().notNull().default(false),
    sourceOrderId: integer().references((): AnyPgColumn => orders.id),
    partialOrderId: integer().references(() => partialOrders.id),
    fulfillmentMethod: text({ enum: FULFILLMENT_METHODS }).notNull().default('online'),
    /** 1 online (Regular), 2 offline (Hospital). */
    orderType: smallint().notNull().default(1),
    orderSourceId: integer().references(() => lookups.id),
    hearAboutId: integer().references(() => lookups.id),
    /**
     * Whole PKR the server priced at booking or on a test edit: the tests total minus the
     * discount (core orderTotal); null on orders that came in without a price.
     */
    givenValue: integer(),
    /** Percent taken off the tests total, 0 to 100; decimals allowed (12.5%, ADR 0016). */
    discountPercent: doublePrecision().notNull().default(0),
    totalFollowUps: smallint().notNull().default(0),
    assignedAt: tz(),
    /** The dispatcher's estimate of the rider's arrival, for late-order views. */
    expectedReachAt: tz(),
    reachedAt: tz(),
    collectedAt: tz(),
    /**
     * When the collected sample stops being fit for the lab: collectedAt + the shortest stability
     * window of its tests (ADR 0048), set with collectedAt; null before collection and for X-ray.
     */
    sampleExpiresAt: tz(),
    deliveredAt: tz(),
    cancelledAt: tz(),
    /** Metres from the pin within which 'reached' is accepted. */
    reachedThresholdDistance: doublePrecision(),
    riderReachedLatitude: doublePrecision(),
    riderReachedLongitude: doublePrecision(),
    riderCollectionLatitude: doublePrecision(),
    riderCollectionLongitude: doublePrecision(),
    prescriptionImage: text(),
    prescriptionFiles: jsonb().$type<PrescriptionFile[]>().notNull().default([]),
    problemStringId: integer().references(() => lookups.id),
    problemReason: text(),
    cancellationStringId: integer().references(() => lookups.id),
    cancellationReason: text(),
    /** Where a delivered order's sample went. */
    collectionCenterId: integer().references(() => collectionCenters.id),
    createdById: integer().references(() => users.id),
    /**
     * Optimistic concurrency (ADR 0056): every change of the row (edits and state actions alike,
     * through updateOrder) adds one; modifiedById is who made the last change (null: a job).
     */
    version: version(),
    modifiedById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    check('orders_discount_ck', sql`${t.discountPercent} between 0 and 100`),
    check('orders_given_value_ck', sql`${t.givenValue} is null or ${t.givenValue} >= 0`),
    check('orders_state_ck', sql`${t.state} in (${inList(ORDER_STATES)})`),
    // Order search (case-insensitive substring of number).
    index('orders_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // ... and a search that starts 'B-'/'X-' (a pasted number), which can only match a prefix:
    // a btree range instead of intersecting the trigram lists every number shares.
    index('orders_number_prefix_idx').on(sql`${t.number} text_pattern_ops`),
    // Orders list: vertical + pickup range, sorted by pickup (the default link), paged. The id
    // (the tie-break), created (the other ordering), region and state ride along so the list's
    // walk over a day reads the index alone (docs/decisions/0012-order-lists.md).
    index('orders_list_pickup_idx').on(t.vertical, t.pickup, t.id, t.created, t.regionId, t.state),
    // ... with the regions filter.
    index('orders_vertical_region_pickup_idx').on(t.vertical, t.regionId, t.pickup),
    // ... with the states filter; dashboards, late orders, stats, auto-assignment queue.
    index('orders_vertical_state_pickup_idx').on(t.vertical, t.state, t.pickup),
    // ... sorted by -created (the default ordering) and the unverified list; id is the tie-break.
    index('orders_vertical_created_idx').on(t.vertical, t.created, t.id),
    // ... sorted by modified (the API's third sort field).
    index('orders_vertical_modified_idx').on(t.vertical, t.modified, t.id),
    // Rider filter, rider order history, the rider's queue.
    index('orders_rider_pickup_idx')
      .on(t.assignedRiderId, t.pickup)
      .where(sql`${t.assignedRiderId} is not null`),
    // Created-by filter.
    index('orders_created_by_pickup_idx')
      .on(t.createdById, t.pickup)
      .where(sql`${t.createdById} is not null`),
    // Customer order history and lastOrder.
    index('orders_customer_created_idx').on(t.customerId, t.created),
    // Patient order history; refuses deleting a patient with active orders.
    index('orders_patient_idx').on(t.patientId),
    // Copies of an order (Copy Order): the foreign key's check when an order is deleted, which
    // otherwise scans every order.
    index('orders_source_order_idx').on(t.sourceOrderId).where(sql`${t.sourceOrderId} is not null`),
    // Problem filter.
    index('orders_problem_string_pickup_idx')
      .on(t.problemStringId, t.pickup)
      .where(sql`${t.problemStringId} is not null`),
    // Yes/no filters whose 'yes' is rare: small partial indexes on (vertical, pickup).
    index('orders_needs_review_idx').on(t.vertical, t.pickup).where(sql`${t.needsReview}`),
    index('orders_urgent_idx').on(t.vertical, t.pickup).where(sql`${t.urgentDelivery}`),
    index('orders_covid_idx').on(t.vertical, t.pickup).where(sql`${t.isCovid}`),
    index('orders_follow_up_idx').on(t.vertical, t.pickup).where(sql`${t.totalFollowUps} > 0`),
    index('orders_unverified_by_rider_idx')
      .on(t.vertical, t.pickup)
      .where(sql`${t.isUnverifiedByRider}`),
    index('orders_medicine_time_idx')
      .on(t.vertical, t.pickup)
      .where(sql`${t.isMedicineAndSpecificTime}`),
    index('orders_manual_assigned_idx').on(t.vertical, t.pickup).where(sql`${t.wasManualAssigned}`),
    index('orders_follow_up_addressed_idx')
      .on(t.vertical, t.pickup)
      .where(sql`${t.isFollowUpAddressed}`),
    // Samples on the road (ADR 0048): the dashboard's list and the stability sweep.
    index('orders_sample_in_transit_idx')
      .on(t.vertical, t.sampleExpiresAt)
      .where(sql`${t.state} = 'collected' and ${t.sampleExpiresAt} is not null`),
    // Online 'no' of the panel: hospital (offline source) orders.
    index('orders_hospital_idx').on(t.vertical, t.pickup).where(sql`${t.orderType} <> 1`),
    index('orders_offline_idx')
      .on(t.vertical, t.pickup)
      .where(sql`${t.fulfillmentMethod} = 'offline'`),
  ],
);

/** Daily sequence behind order numbers: upsert-increment per (vertical, Karachi date). */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    vertical: text({ enum: VERTICALS }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    lastSeq: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vertical, t.day] })],
);

/** Tests of an order with the unit price at booking (catalogue prices change). */
export const orderScanTypes = pgTable(
  'order_scan_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    scanTypeId: integer()
      .notNull()
      .references(() => scanTypes.id),
    count: smallint().notNull().default(1),
    value: integer().notNull(),
  },
  (t) => [uniqueIndex('order_scan_types_order_scan_uq').on(t.orderId, t.scanTypeId)],
);

/** The order's activity log: one row per change, written in the change's transaction. */
export const orderActivities = pgTable(
  'order_activities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    verb: text().notNull(),
    description: text().notNull().default(''),
    /** Null for the system (auto-assignment, jobs, public channels). */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, unknown>>(),
    created: tz().notNull().defaultNow(),
  },
  // GET /activity/?order
  (t) => [index('order_activities_order_created_idx').on(t.orderId, t.created)],
);

/** A rider's queue (spec §3 Rider task): type 0 pickup, 1 delivery, 2 break. */
export const riderTasks = pgTable(
  'rider_tasks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    riderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    type: smallint().notNull(),
    sequence: smallint().notNull(),
    deadline: tz(),
    collectionCenterId: integer().references(() => collectionCenters.id),
    /** 'pending' | 'done' | 'cancelled' */
    state: text().notNull().default('pending'),
    breakDurationMins: smallint(),
    completedAt: tz(),
    ...timestamps,
  },
  (t) => [
    check('rider_tasks_type_ck', sql`${t.type} between 0 and 2`),
    // GET /algorithm/{vertical}/tasks/?rider_id: the pending queue in order.
    index('rider_tasks_rider_queue_idx')
      .on(t.riderId, t.sequence)
      .where(sql`${t.state} = 'pending'`),
    // Cancelling or reassigning an order drops its tasks.
    index('rider_tasks_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * The sample tubes of an order, by the barcode label the rider scanned at the door (ADR 0062):
 * the chain of custody from collection to the centre. `flag` is set when the handover at the
 * centre did not account for the tube ('missing'); null while all is well.
 */
export const orderTubes = pgTable(
  'order_tubes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    collectedAt: tz().notNull(),
    collectedById: integer().references(() => users.id, { onDelete: 'set null' }),
    handedOverAt: tz(),
    flag: text(),
  },
  (t) => [
    uniqueIndex('order_tubes_order_label_uq').on(t.orderId, t.label),
    // A label's other orders are looked up at each collection.
    index('order_tubes_label_idx').on(t.label),
    // FHIR Specimen search by collection time, paged by (collected_at, id) (ADR 0068).
    index('order_tubes_collected_idx').on(t.collectedAt, t.id),
    check('order_tubes_flag_ck', sql`${t.flag} is null or ${t.flag} = 'missing'`),
  ],
);
