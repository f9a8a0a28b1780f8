import { RIDER_BUSY_STATES } from '@dastak/core/rules/rider-availability';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cells, cities, regions } from '../../db/schema/locations';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderLocationPings, riderProfiles } from '../../db/schema/riders';
import { riderShifts } from '../../db/schema/shifts';
import { users } from '../../db/schema/users';
import { publishRidersChanged } from '../../lib/realtime-publish';
import { riderColumns, userFullName } from './rider-columns';

interface Page {
  limit: number;
  offset: number;
}

export interface RiderFilters {
  /** An ILIKE pattern (already escaped and wrapped in %), or undefined for no search. */
  pattern?: string;
  regions?: number[];
  isOnline?: boolean;
  isCovid?: boolean;
  isWildcard?: boolean;
  states?: number[];
  activeOnly?: boolean;
}

function whereOf(f: RiderFilters): SQL | undefined {
  return and(
    f.pattern ? or(ilike(users.phone, f.pattern), ilike(userFullName, f.pattern)) : undefined,
    f.regions?.length ? inArray(riderProfiles.regionId, f.regions) : undefined,
    f.isOnline === undefined ? undefined : eq(riderProfiles.isOnline, f.isOnline),
    f.isCovid === undefined ? undefined : eq(riderProfiles.isCovid, f.isCovid),
    f.isWildcard === undefined ? undefined : eq(riderProfiles.isWildcard, f.isWildcard),
    f.states?.length ? inArray(riderProfiles.state, f.states) : undefined,
    f.activeOnly ? eq(users.isActive, true) : undefined,
  );
}

/** users ⋈ rider_profiles with region, city and cell: every field of the Rider entity. */
function selectRiders(db: DbOrTx) {
  return db
    .select(riderColumns)
    .from(riderProfiles)
    .innerJoin(users, eq(users.id, riderProfiles.userId))
    .innerJoin(regions, eq(regions.id, riderProfiles.regionId))
    .innerJoin(cities, eq(cities.id, regions.cityId))
    .leftJoin(cells, eq(cells.id, riderProfiles.cellId));
}

export type RiderRow = Awaited<ReturnType<typeof findRider>> & {};

export async function findRider(db: DbOrTx, id: number) {
  const [row] = await selectRiders(db).where(eq(riderProfiles.userId, id));
  return row;
}

/** Sort keys the list accepts, in both the API's snake_case and camelCase spellings. */
const ORDERING: Record<string, AnyPgColumn> = {
  created: users.dateJoined,
  date_joined: users.dateJoined,
  dateJoined: users.dateJoined,
  first_name: users.firstName,
  firstName: users.firstName,
  last_name: users.lastName,
  lastName: users.lastName,
  last_seen_at: riderProfiles.lastSeenAt,
  lastSeenAt: riderProfiles.lastSeenAt,
  state: riderProfiles.state,
  completed_orders_count: riderProfiles.completedOrdersCount,
  completedOrdersCount: riderProfiles.completedOrdersCount,
};

/** 'a,-b' -> ORDER BY a, b desc; unknown keys are ignored; id breaks ties so pages are stable. */
export function orderingOf(ordering: string) {
  const parts = ordering
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((key) => {
      const column = ORDERING[key.replace(/^-/, '')];
      if (!column) return [];
      return [key.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`];
    });
  const main = parts.length ? parts : [desc(users.dateJoined)];
  return [...main, desc(users.id)];
}

export async function listRiders(db: DbOrTx, f: RiderFilters, ordering: string, p: Page) {
  const where = whereOf(f);
  const [results, [total]] = await Promise.all([
    selectRiders(db)
      .where(where)
      .orderBy(...orderingOf(ordering))
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({ n: count() })
      .from(riderProfiles)
      .innerJoin(users, eq(users.id, riderProfiles.userId))
      .where(where),
  ]);
  return { results, count: total?.n ?? 0 };
}

/** Unpaged rows for pickers and the dashboard list, by name. */
export function listRidersUnpaged(db: DbOrTx, f: RiderFilters, limit?: number) {
  const q = selectRiders(db)
    .where(whereOf(f))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return limit ? q.limit(limit) : q;
}

export async function findRegion(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: regions.id, vertical: regions.vertical, isActive: regions.isActive })
    .from(regions)
    .where(eq(regions.id, id));
  return row;
}

export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Phones identify riders on the phone app and in search; one rider per number. */
export async function riderPhoneTaken(db: DbOrTx, phone: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(riderProfiles, eq(riderProfiles.userId, users.id))
    .where(and(eq(users.phone, phone), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertRider(
  tx: DbOrTx,
  user: typeof users.$inferInsert,
  profile: Omit<typeof riderProfiles.$inferInsert, 'userId'>,
) {
  const [row] = await tx.insert(users).values(user).returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  await tx.insert(riderProfiles).values({ ...profile, userId: row.id });
  return row.id;
}

export async function updateRider(
  tx: DbOrTx,
  id: number,
  user: Partial<typeof users.$inferInsert>,
  profile: Partial<typeof riderProfiles.$inferInsert>,
) {
  if (Object.keys(user).length) await tx.update(users).set(user).where(eq(users.id, id));
  if (Object.keys(profile).length) {
    await tx.update(riderProfiles).set(profile).where(eq(riderProfiles.userId, id));
  }
  await publishRidersChanged(tx, [id]); // live dashboards, on commit
}

/** Locks the profile row so concurrent duty changes and assignments serialise on it. */
export async function lockProfile(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      userId: riderProfiles.userId,
      regionId: riderProfiles.regionId,
      vertical: riderProfiles.vertical,
      state: riderProfiles.state,
      isOnDuty: riderProfiles.isOnDuty,
    })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, id))
    .for('update');
  return row;
}

/** Pickups and deliveries still pending, or orders held in an in-hand state. */
export async function countWorkInHand(db: DbOrTx, riderId: number) {
  const [tasks] = await db
    .select({ n: count() })
    .from(riderTasks)
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        eq(riderTasks.state, 'pending'),
        isNotNull(riderTasks.orderId),
      ),
    );
  const [held] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.assignedRiderId, riderId),
        inArray(orders.state, ['assigned', 'reached', 'collected']),
      ),
    );
  return Math.max(tasks?.n ?? 0, held?.n ?? 0);
}

/**
 * Riders counted by GET /stats/rider/: on duty, or in a rider shift that is in progress now.
 * available: online, on duty, idle or with capacity, not on a break; busy: full or delivering.
 */
export async function riderStats(db: DbOrTx, regionId: number | undefined, now: Date) {
  const inShift = sql`exists (select 1 from ${riderShifts} where ${riderShifts.riderId} = ${riderProfiles.userId} and ${riderShifts.state} = 'in-progress' and ${riderShifts.startDatetime} <= ${now} and ${riderShifts.endDatetime} > ${now})`;
  // Busy as every screen means it (core's rider-availability): full or delivering.
  const busy = inArray(riderProfiles.state, [...RIDER_BUSY_STATES]);
  const onBreak = sql`(${riderProfiles.shiftBreakEndTime} is not null and ${riderProfiles.shiftBreakEndTime} > ${now})`;
  const [row] = await db
    .select({
      available:
        sql<number>`count(*) filter (where ${riderProfiles.isOnline} and ${riderProfiles.isOnDuty} and not ${busy} and not ${onBreak})`.mapWith(
          Number,
        ),
      busy: sql<number>`count(*) filter (where ${busy})`.mapWith(Number),
    })
    .from(riderProfiles)
    .innerJoin(users, eq(users.id, riderProfiles.userId))
    .where(
      and(
        eq(users.isActive, true),
        regionId ? eq(riderProfiles.regionId, regionId) : undefined,
        or(eq(riderProfiles.isOnDuty, true), inShift),
      ),
    );
  return { available: row?.available ?? 0, busy: row?.busy ?? 0 };
}

export async function riderExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: riderProfiles.userId })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, id));
  return !!row;
}

/** The rider's pings recorded since `since`, oldest first: the newest `limit` of them. */
export async function trailSince(db: DbOrTx, riderId: number, since: Date, limit: number) {
  const rows = await db
    .select({
      latitude: riderLocationPings.latitude,
      longitude: riderLocationPings.longitude,
      at: riderLocationPings.recordedAt,
    })
    .from(riderLocationPings)
    .where(and(eq(riderLocationPings.riderId, riderId), gte(riderLocationPings.recordedAt, since)))
    .orderBy(desc(riderLocationPings.recordedAt))
    .limit(limit);
  return rows.reverse();
}
