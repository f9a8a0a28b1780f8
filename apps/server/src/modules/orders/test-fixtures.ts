import { randomBytes } from 'node:crypto';
import { TIME_ZONE } from '@dastak/core/constants';
import type { OrderCreateInput } from '@dastak/core/entities/order-requests';
import { ALL_PERMISSIONS, PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { USER_TYPES, type Vertical } from '@dastak/core/states';
import { formatInTimeZone } from 'date-fns-tz';
import { eq } from 'drizzle-orm';
import { scanTypes } from '../../db/schema/catalog';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../../db/schema/customers';
import { cities, collectionCenters, regions } from '../../db/schema/locations';
import { lookups } from '../../db/schema/lookups';
import { orderActivities, orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { riderShiftSchedules, shiftSchedules } from '../../db/schema/shifts';
import { users } from '../../db/schema/users';
import { bearer, type createTestApp, createUser, login } from '../../test/test-app';
import type { ActorContext } from './actor';
import { createOrder } from './create/order-create.service';

/** Small, explicit fixtures for the order action tests: one city, two regions, a customer. */

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;

const square = (lat: number, lng: number, d = 0.05) => [
  { latitude: lat - d, longitude: lng - d },
  { latitude: lat - d, longitude: lng + d },
  { latitude: lat + d, longitude: lng + d },
  { latitude: lat + d, longitude: lng - d },
];

/** Every permission the order actions use. */
export const ORDER_STAFF_PERMISSIONS = [
  PERMISSIONS.CAN_VIEW_ORDER,
  PERMISSIONS.CAN_ADD_ORDER,
  PERMISSIONS.CAN_ASSIGN_ORDER,
  PERMISSIONS.CAN_CANCEL_ORDER,
  PERMISSIONS.CAN_RESCHEDULE_ORDER,
  PERMISSIONS.CAN_CHANGE_ORDER,
  PERMISSIONS.CAN_DELIVER_ORDER,
  PERMISSIONS.CAN_VERIFY_ORDER,
];

async function lookup(t: TestApp, kind: (typeof lookups.$inferInsert)['kind'], text: string) {
  const [row] = await t.db.insert(lookups).values({ kind, text }).returning();
  return row!.id;
}

export async function createFixtures(t: TestApp) {
  const [city] = await t.db
    .insert(cities)
    .values({
      name: `Lahore ${randomBytes(2).toString('hex')}`,
      centerLatitude: 31.52,
      centerLongitude: 74.35,
      south: 31.3,
      west: 74.1,
      north: 31.7,
      east: 74.6,
      verticals: ['blood', 'xray'],
    })
    .returning();
  const region = async (vertical: Vertical, name: string) => {
    const [row] = await t.db
      .insert(regions)
      .values({
        name,
        vertical,
        cityId: city!.id,
        centerLatitude: 31.52,
        centerLongitude: 74.35,
        polygon: square(31.52, 74.35),
      })
      .returning();
    return row!.id;
  };
  const bloodRegion = await region('blood', 'Gulberg');
  const xrayRegion = await region('xray', 'Gulberg X-Ray');
  const otherBloodRegion = await region('blood', 'DHA');
  const centers = await t.db
    .insert(collectionCenters)
    .values([
      {
        name: 'Far Lab',
        vertical: 'blood',
        regionId: bloodRegion,
        latitude: 31.56,
        longitude: 74.39,
      },
      {
        name: 'Near Lab',
        vertical: 'blood',
        regionId: bloodRegion,
        latitude: 31.521,
        longitude: 74.351,
      },
      {
        name: 'X-Ray Centre',
        vertical: 'xray',
        regionId: xrayRegion,
        latitude: 31.52,
        longitude: 74.35,
      },
    ])
    .returning();

  const [customer] = await t.db
    .insert(customers)
    .values({ phone: '03001234567', firstName: 'Ayesha', lastName: 'Khan' })
    .returning();
  const [otherCustomer] = await t.db
    .insert(customers)
    .values({ phone: '03007654321', firstName: 'Bilal', lastName: 'Ahmed' })
    .returning();
  const [patient] = await t.db
    .insert(patients)
    .values({ customerId: customer!.id, firstName: 'Ayesha', lastName: 'Khan' })
    .returning();
  const [otherPatient] = await t.db
    .insert(patients)
    .values({ customerId: otherCustomer!.id, firstName: 'Bilal', lastName: 'Ahmed' })
    .returning();
  const address = async (verified: boolean, regionIds: number[]) => {
    const [row] = await t.db
      .insert(customerAddresses)
      .values({
        customerId: customer!.id,
        latitude: 31.5205,
        longitude: 74.3505,
        address: '12 Main Boulevard, Gulberg',
        verified,
      })
      .returning();
    for (const regionId of regionIds) {
      await t.db
        .insert(regionCustomerAddresses)
        .values({ customerAddressId: row!.id, regionId, customerId: customer!.id });
    }
    return row!.id;
  };
  const verifiedAddress = await address(true, [bloodRegion, xrayRegion]);
  const unverifiedAddress = await address(false, [bloodRegion, xrayRegion]);

  await t.db.insert(scanTypes).values([
    { code: 'CBC', name: 'Complete Blood Count', value: 500, vertical: 'blood' },
    {
      code: 'LFT',
      name: 'Liver Function Test',
      value: 800,
      vertical: 'blood',
      requiresFasting: true,
    },
    { code: 'COVID', name: 'COVID-19 PCR', value: 3000, vertical: 'blood', isCovid: true },
    { code: 'BMA', name: 'Bone Marrow Aspirate', value: 9000, vertical: 'blood', isAllowed: false },
    { code: 'CXR', name: 'Chest X-Ray', value: 1500, vertical: 'xray' },
  ]);

  await openEverySlot(t, [bloodRegion, xrayRegion, otherBloodRegion]);

  const lookupIds = {
    orderSource: await lookup(t, 'orderSource', 'Call centre'),
    hearAbout: await lookup(t, 'hearAboutUs', 'Facebook'),
    problem: await lookup(t, 'problem', 'Patient not at home'),
    cancellation: await lookup(t, 'cancellation', 'Customer not available'),
    reassignment: await lookup(t, 'reassignment', 'Rider running late'),
    reschedule: await lookup(t, 'reschedule', 'Customer asked for another time'),
  };

  const staffUser = await createUser(t, ORDER_STAFF_PERMISSIONS);
  const staffToken = (await login(t.app, staffUser.email, staffUser.password)).token;
  const staff: ActorContext = {
    kind: 'staff',
    userId: staffUser.id,
    permissions: [...ALL_PERMISSIONS],
  };

  return {
    t,
    cityId: city!.id,
    bloodRegion,
    xrayRegion,
    otherBloodRegion,
    nearCenter: centers[1]!.id,
    farCenter: centers[0]!.id,
    xrayCenter: centers[2]!.id,
    customerId: customer!.id,
    patientId: patient!.id,
    otherPatientId: otherPatient!.id,
    verifiedAddress,
    unverifiedAddress,
    lookups: lookupIds,
    staff,
    staffId: staffUser.id,
    staffToken,
    auth: bearer(staffToken),
  };
}

/** Riders the fixture regions' weekly schedule counts: room for this many orders per slot. */
const SLOT_CAPACITY = 60;

/**
 * A round-the-clock weekly schedule in each region, every weekday, with SLOT_CAPACITY covid riders
 * (covid riders take both kinds of order), so every slot on the hour has room: bookings are
 * refused at a slot the time-slots call does not offer (ADR 0021). The riders live in a region of
 * another city and are off duty, so no rider list or assignment of these tests ever sees them.
 */
async function openEverySlot(t: TestApp, regionIds: number[]) {
  const [elsewhere] = await t.db
    .insert(cities)
    .values({
      name: `Pool ${randomBytes(2).toString('hex')}`,
      centerLatitude: 24.86,
      centerLongitude: 67.0,
      south: 24.7,
      west: 66.8,
      north: 25.1,
      east: 67.3,
      verticals: ['blood', 'xray'],
    })
    .returning();
  const [home] = await t.db
    .insert(regions)
    .values({
      name: `Pool ${elsewhere!.id}`,
      vertical: 'blood',
      cityId: elsewhere!.id,
      centerLatitude: 24.86,
      centerLongitude: 67.0,
      polygon: square(24.86, 67.0),
    })
    .returning();
  const riders = await t.db
    .insert(users)
    .values(
      Array.from({ length: SLOT_CAPACITY }, (_, i) => ({
        email: `pool${elsewhere!.id}-${i}@test.local`,
        firstName: 'Pool',
        lastName: `Rider${i}`,
        userType: USER_TYPES.RIDER,
      })),
    )
    .returning({ id: users.id });
  await t.db.insert(riderProfiles).values(
    riders.map((r) => ({
      userId: r.id,
      regionId: home!.id,
      vertical: 'blood' as const,
      isOnline: false,
      isOnDuty: false,
      isCovid: true,
    })),
  );
  const schedules = await t.db
    .insert(shiftSchedules)
    .values(
      regionIds.flatMap((regionId) =>
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          regionId,
          weekday,
          startTime: '00:00',
          endTime: '24:00',
        })),
      ),
    )
    .returning({ id: shiftSchedules.id });
  await t.db
    .insert(riderShiftSchedules)
    .values(
      schedules.flatMap((s) => riders.map((r) => ({ shiftScheduleId: s.id, riderId: r.id }))),
    );
}

/** A staff token with exactly these permissions. */
export async function tokenWith(t: TestApp, permissions: readonly string[]) {
  const u = await createUser(t, permissions);
  return bearer((await login(t.app, u.email, u.password)).token);
}

let riderSeq = 0;

/** A rider (users type 1 + rider profile) and a bearer token for the rider app. */
export async function createRider(
  f: Fixtures,
  opts: { vertical?: Vertical; onDuty?: boolean; covid?: boolean; active?: boolean } = {},
) {
  const vertical = opts.vertical ?? 'blood';
  const n = ++riderSeq;
  const [user] = await f.t.db
    .insert(users)
    .values({
      email: `rider${n}-${randomBytes(3).toString('hex')}@test.local`,
      firstName: 'Rider',
      lastName: `No${n}`,
      userType: USER_TYPES.RIDER,
      isActive: opts.active ?? true,
    })
    .returning();
  await f.t.db.insert(riderProfiles).values({
    userId: user!.id,
    regionId: vertical === 'blood' ? f.bloodRegion : f.xrayRegion,
    vertical,
    isOnline: true,
    isOnDuty: opts.onDuty ?? true,
    isCovid: opts.covid ?? false,
    lastKnownLatitude: 31.52,
    lastKnownLongitude: 74.35,
  });
  const token = await f.t.app.tokens.signAccess({
    id: user!.id,
    email: user!.email,
    userType: USER_TYPES.RIDER,
    permissions: [],
  });
  const actor: ActorContext = { kind: 'rider', userId: user!.id };
  return { id: user!.id, name: `Rider No${n}`, actor, auth: bearer(token) };
}

const HOUR = 60 * 60_000;
const slotAt = (at: Date) => ({
  date: karachiDateString(at),
  timeSlot: formatInTimeZone(at, TIME_ZONE, 'HH:mm'),
});

/** The first slot on the hourly grid the time-slots call offers, at least `minutes` from now. */
export function slotIn(minutes: number) {
  return slotAt(new Date(Math.ceil((Date.now() + minutes * 60_000) / HOUR) * HOUR));
}

/** The last slot on the hourly grid at most `minutes` from now (for 'too soon' checks). */
export function slotBefore(minutes: number) {
  return slotAt(new Date(Math.floor((Date.now() + minutes * 60_000) / HOUR) * HOUR));
}

/** A valid create body for the vertical (pickup in one to two hours: needs assignment). */
export function createBody(
  f: Fixtures,
  vertical: Vertical = 'blood',
  overrides: Partial<OrderCreateInput> = {},
): OrderCreateInput {
  return {
    patient: f.patientId,
    customerAddress: f.verifiedAddress,
    region: vertical === 'blood' ? f.bloodRegion : f.xrayRegion,
    scanType: vertical === 'blood' ? ['CBC', 'LFT'] : ['CXR'],
    ...slotIn(60),
    orderSource: f.lookups.orderSource,
    orderType: 1,
    customer: f.customerId,
    vertical,
    ...overrides,
  };
}

/** Books an order through the service (the create route has its own tests). */
export async function placeOrder(
  f: Fixtures,
  vertical: Vertical = 'blood',
  overrides: Partial<OrderCreateInput> = {},
) {
  const body = createBody(f, vertical, overrides);
  return createOrder(f.t.db, vertical, body as never, f.staff);
}

/**
 * Moves a booked order's slot to `minutes` from now, as if the rider came on the day: the rider
 * app marks reached only from the lead before the slot (ADR 0055), and booking offers slots an
 * hour or more ahead.
 */
export async function bringPickupNear(f: Fixtures, orderId: number, minutes = 15) {
  await f.t.db
    .update(orders)
    .set({ pickup: new Date(Date.now() + minutes * 60_000) })
    .where(eq(orders.id, orderId));
}

export async function orderRow(f: Fixtures, id: number) {
  const [row] = await f.t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function activitiesOf(f: Fixtures, orderId: number) {
  return f.t.db
    .select()
    .from(orderActivities)
    .where(eq(orderActivities.orderId, orderId))
    .orderBy(orderActivities.id);
}

export async function pendingTasksOf(f: Fixtures, riderId: number) {
  const rows = await f.t.db.select().from(riderTasks).where(eq(riderTasks.riderId, riderId));
  return rows.filter((r) => r.state === 'pending').sort((a, b) => a.sequence - b.sequence);
}

export async function riderStateOf(f: Fixtures, riderId: number) {
  const [row] = await f.t.db
    .select({ state: riderProfiles.state, completed: riderProfiles.completedOrdersCount })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, riderId));
  return row!;
}

/** POST/PATCH/GET through the app, as the console calls. */
export function api(f: Fixtures) {
  const { app } = f.t;
  return {
    post: (url: string, payload: object, headers: Record<string, string> = f.auth) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers }),
    patch: (url: string, payload: object, headers: Record<string, string> = f.auth) =>
      app.inject({ method: 'PATCH', url: `/api/v1${url}`, payload, headers }),
    get: (url: string, headers: Record<string, string> = f.auth) =>
      app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
  };
}
