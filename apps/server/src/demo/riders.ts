import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissions, userPermissions, users } from '../db/schema/users';
import { APP_VERSIONS } from './lookups';
import { MOBILE_MODELS, type PhoneBook, randomPerson } from './names';
import { ADDRESS_MAKERS } from './places';
import type { Rng } from './random';
import type { DemoContext, RegionRef, RiderRef, StaffRef } from './types';
import { DAY, HOUR, MINUTE } from './types';

/** Demo staff. The admin is the bootstrap's (ADMIN_EMAIL); these come with the demo data. */
export const DEMO_STAFF = [
  {
    email: 'dispatcher@dastak.local',
    firstName: 'Hamza',
    lastName: 'Siddiqui',
    role: 'dispatcher',
  },
  { email: 'agent@dastak.local', firstName: 'Sana', lastName: 'Malik', role: 'agent' },
  { email: 'agent2@dastak.local', firstName: 'Iqra', lastName: 'Butt', role: 'agent' },
  { email: 'agent3@dastak.local', firstName: 'Usman', lastName: 'Qureshi', role: 'agent' },
] as const;

export const riderEmail = (n: number) => `rider${n}@dastak.local`;

/**
 * Weekly plan (Karachi hours; 24 is the day's last minute): morning 07-15 and evening 13-21
 * carry the day, a late shift 16-24 and a night shift 00-08 keep every hour covered, since the
 * service takes night collections and the demo world must work at whatever hour it is opened
 * (docs/decisions/0007-demo-data.md). A shift never crosses midnight: schedules are per weekday.
 */
export const SHIFT_SLOTS = [
  { start: 7, end: 15 },
  { start: 13, end: 21 },
  { start: 16, end: 24 },
  { start: 0, end: 8 },
] as const;
export type ShiftSlot = 0 | 1 | 2 | 3;

/**
 * Which shift the i-th rider of a region works: day shifts carry most riders of a big region,
 * and every region has at least two riders on each day shift and three on the late and night
 * ones, with weekdays off three days apart (see dayOffOf), so each shift is staffed every day
 * and a night slot has room for more than one booking.
 */
const SLOT_CYCLE: readonly ShiftSlot[] = [0, 1, 3, 2, 0, 1, 3, 2, 3, 2, 0, 1, 0, 1, 0, 1];
/** Riders per region, at least: the first ten of the cycle. */
const MIN_RIDERS_PER_REGION = 10;

/** The weekday off of the k-th rider of a shift in a region (Monday 0). */
const dayOffOf = (regionIndex: number, slot: ShiftSlot, k: number) =>
  (regionIndex + slot * 2 + k * 3) % 7;

export type RiderDraft = RiderRef & {
  mobileModel: string;
  appVersion: string;
  phoneVerified: boolean;
  homeAddress: string;
  hotspotId: number | null;
  allowBreak: boolean;
  /** Inside its shift right now (Karachi time), so on duty. */
  isOnDuty: boolean;
  isOnline: boolean;
};

/** Every permission name exists; demo staff get their role's permissions. */
export async function insertStaff(
  db: Db,
  passwordHash: string,
  adminEmail: string,
): Promise<StaffRef[]> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const perms = await db.select().from(permissions);
  const permId = new Map(perms.map((p) => [p.name, p.id]));
  const wanted = DEMO_STAFF.filter((s) => s.email !== adminEmail.toLowerCase());
  await db
    .insert(users)
    .values(
      wanted.map((s) => ({
        email: s.email,
        firstName: s.firstName,
        lastName: s.lastName,
        passwordHash,
        userType: USER_TYPES.STAFF,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        wanted.map((s) => s.email),
      ),
    );
  const staff: StaffRef[] = [];
  const grants: { userId: number; permissionId: number }[] = [];
  for (const s of wanted) {
    const id = rows.find((r) => r.email.toLowerCase() === s.email)?.id;
    if (!id) continue;
    staff.push({ id, firstName: s.firstName, lastName: s.lastName, role: s.role });
    for (const name of ROLE_PERMISSIONS[s.role]) {
      const permissionId = permId.get(name);
      if (permissionId) grants.push({ userId: id, permissionId });
    }
  }
  if (grants.length) await db.insert(userPermissions).values(grants).onConflictDoNothing();
  return staff;
}

/** Rider users (userType 1) per region, with the profile details kept for later. */
export async function insertRiderUsers(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  phones: PhoneBook,
  passwordHash: string,
  scale: number,
): Promise<RiderDraft[]> {
  const drafts: Omit<RiderDraft, 'id'>[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const latest = APP_VERSIONS[APP_VERSIONS.length - 1]?.version ?? '1.0.0';
  const nowLocalHour = (ctx.now.getTime() - ctx.todayStart) / HOUR;
  const todayWeekday = (new Date(ctx.todayStart + 12 * HOUR).getUTCDay() + 6) % 7;
  let n = 0;
  for (const [regionIndex, region] of ctx.regions.entries()) {
    const count = Math.max(MIN_RIDERS_PER_REGION, Math.round(region.riderShare * scale));
    const perSlot = [0, 0, 0, 0];
    for (let i = 0; i < count; i++) {
      n++;
      const person = randomPerson(
        rng,
        rng.chance(region.vertical === 'blood' ? 0.1 : 0.04) ? 2 : 1,
      );
      const phone = phones.next();
      const joined = new Date(ctx.now.getTime() - rng.int(20, 900) * DAY);
      userRows.push({
        email: riderEmail(n),
        firstName: person.firstName,
        lastName: person.lastName,
        phone,
        userType: USER_TYPES.RIDER,
        passwordHash,
        isActive: rng.chance(0.97),
        dateJoined: joined,
        created: joined,
        modified: joined,
      });
      const slot = SLOT_CYCLE[i % SLOT_CYCLE.length] as ShiftSlot;
      const k = perSlot[slot] ?? 0;
      perSlot[slot] = k + 1;
      const dayOff = dayOffOf(regionIndex, slot, k);
      const hours = SHIFT_SLOTS[slot];
      const inShift =
        dayOff !== todayWeekday && nowLocalHour >= hours.start && nowLocalHour < hours.end;
      // The first two riders of each shift keep it whenever it runs, so no region's shift is
      // empty by chance (the dispatcher always has someone to send).
      const keeper = inShift && k < 2;
      const isOnDuty = keeper || (inShift ? rng.chance(0.95) : rng.chance(0.04));
      drafts.push({
        firstName: person.firstName,
        lastName: person.lastName,
        phone,
        regionId: region.id,
        vertical: region.vertical,
        isCovid: region.vertical === 'blood' && rng.chance(0.12),
        isWildcard: rng.chance(0.08),
        cellId: region.cells.length ? (region.cells[i % region.cells.length]?.id ?? null) : null,
        mobileModel: rng.pick(MOBILE_MODELS),
        appVersion: rng.chance(0.7) ? latest : rng.pick(APP_VERSIONS.slice(0, -1)).version,
        phoneVerified: rng.chance(0.92),
        homeAddress: homeAddress(rng, region),
        slot,
        dayOff,
        hotspotId: region.hotspots.length ? rng.pick(region.hotspots).id : null,
        allowBreak: rng.chance(0.85),
        isOnDuty,
        isOnline: keeper || (isOnDuty ? rng.chance(0.9) : rng.chance(0.15)),
      });
    }
  }
  const inserted: { id: number; email: string }[] = [];
  for (let i = 0; i < userRows.length; i += 1000) {
    inserted.push(
      ...(await db
        .insert(users)
        .values(userRows.slice(i, i + 1000))
        .returning({ id: users.id, email: users.email })),
    );
  }
  const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
  const riders = drafts.map((d, i) => ({ ...d, id: idByEmail.get(riderEmail(i + 1)) ?? 0 }));
  for (const r of riders) ctx.regions.find((g) => g.id === r.regionId)?.riders.push(r);
  return riders;
}

function homeAddress(rng: Rng, region: RegionRef): string {
  const makers = ADDRESS_MAKERS[region.key];
  if (makers) return rng.pick(makers)(rng);
  const sameCity = Object.keys(ADDRESS_MAKERS).filter((k) => k.startsWith(region.key.slice(0, 3)));
  const maker = ADDRESS_MAKERS[rng.pick(sameCity.length ? sameCity : ['lhr-gulberg'])];
  return maker ? rng.pick(maker)(rng) : region.name;
}

/** A rider of the region for an order; near now, on-duty riders with room first. */
/** Karachi is UTC+5 all year. */
const KARACHI_OFFSET = 5 * HOUR;

function onShiftAt(r: RiderRef, at: number): boolean {
  const local = at + KARACHI_OFFSET;
  const weekday = (new Date(local).getUTCDay() + 6) % 7;
  const hour = new Date(local).getUTCHours();
  const hours = SHIFT_SLOTS[r.slot];
  return weekday !== r.dayOff && hour >= hours.start && hour < hours.end;
}

export function pickRider(
  rng: Rng,
  region: RegionRef,
  isCovid: boolean,
  pickup: number,
  now: number,
  load: Map<number, number>,
): RiderRef | null {
  let pool = region.riders;
  if (isCovid && pool.some((r) => r.isCovid)) pool = pool.filter((r) => r.isCovid);
  const live = Math.abs(pickup - now) < 12 * 60 * MINUTE;
  if (live) {
    const onDuty = pool.filter((r) => r.isOnDuty && (load.get(r.id) ?? 0) < 5);
    if (onDuty.length) pool = onDuty;
  } else {
    // Past and future orders go to a rider whose weekly shift holds the pickup, so attendance's
    // on-time % and a rider's order history agree with the rota.
    const onShift = pool.filter((r) => onShiftAt(r, pickup));
    if (onShift.length) pool = onShift;
  }
  if (pool.length === 0) return null;
  const rider = rng.pick(pool);
  if (live) load.set(rider.id, (load.get(rider.id) ?? 0) + 1);
  return rider;
}
