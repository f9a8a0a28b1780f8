import { VERTICALS } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { cells, regions } from './locations';
import { users } from './users';

/**
 * The rider side of a users row (userType 1): where the rider works and what the phone last
 * said. Name, phone, email, isActive and dateJoined live on users.
 */
export const riderProfiles = pgTable(
  'rider_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    vertical: text({ enum: VERTICALS }).notNull(),
    /** Home cell in a hyperlocal region. */
    cellId: integer().references(() => cells.id, { onDelete: 'set null' }),
    /** Connectivity (spec §4): the app is connected and reporting. */
    isOnline: boolean().notNull().default(false),
    isOnDuty: boolean().notNull().default(false),
    /** 0 idle, 1 picking up with capacity, 2 picking up full, 3 delivering (follows the queue). */
    state: smallint().notNull().default(0),
    isWildcard: boolean().notNull().default(false),
    isCovid: boolean().notNull().default(false),
    lastKnownLatitude: doublePrecision(),
    lastKnownLongitude: doublePrecision(),
    lastSeenAt: tz(),
    /** Percent 0-100; null until the phone reports it. */
    battery: smallint(),
    /** True connected, false disconnected; null until reported. */
    networkState: boolean(),
    mobileModel: text(),
    appVersion: text(),
    phoneVerified: boolean().notNull().default(false),
    address: text(),
    /** Delivered (or, for X-ray, completed) orders; kept by the order actions. */
    completedOrdersCount: integer().notNull().default(0),
    /** Set while the rider is on a break. */
    shiftBreakEndTime: tz(),
    /** Maximum pickups in hand (spec §9: 5). */
    capacity: smallint().notNull().default(5),
    /**
     * The pending queue as suggested riders reads it: [type, deadline, orderId, orderState, pickup,
     * latitude, longitude] per task in sequence. A snapshot of rider_tasks joined to orders,
     * rewritten by recomputeRiderState in the transaction of every queue change, so scoring a
     * region's riders reads one row each instead of walking rider_tasks per rider.
     */
    queue: jsonb().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    check('rider_profiles_state_ck', sql`${t.state} between 0 and 3`),
    // Suggested riders, dashboards, rider list by region: riders of a vertical in regions.
    index('rider_profiles_region_vertical_idx').on(t.regionId, t.vertical),
    // Cell currentRidersCount on the hyperlocal map.
    index('rider_profiles_cell_idx').on(t.cellId).where(sql`${t.cellId} is not null`),
  ],
);

/** Raw location reports from the rider app (single or batched pings). */
export const riderLocationPings = pgTable(
  'rider_location_pings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    riderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    accuracyMetres: doublePrecision(),
    battery: smallint(),
    networkState: boolean(),
    /** When the phone took the fix (batched pings arrive late). */
    recordedAt: tz().notNull(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [
    // Rider trail for a shift (distance travelled, attendance slots) and the latest fix.
    index('rider_location_pings_rider_recorded_idx').on(t.riderId, t.recordedAt),
    // The retention job prunes the oldest pings in bounded batches (docs/decisions/0037).
    index('rider_location_pings_recorded_idx').on(t.recordedAt),
  ],
);

/** Released rider app versions; the newest releasedAt is "latest" (rider detail '(outdated)'). */
export const appVersions = pgTable('app_versions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  version: text().notNull().unique(),
  releasedAt: tz().notNull(),
  notes: text(),
  created: tz().notNull().defaultNow(),
});
