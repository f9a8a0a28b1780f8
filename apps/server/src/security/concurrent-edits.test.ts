import { EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, customers, patients } from '../db/schema/customers';
import { hotspots } from '../db/schema/locations';
import { orderScanTypes } from '../db/schema/orders';
import { riderShifts, shiftSchedules } from '../db/schema/shifts';
import { users } from '../db/schema/users';
import {
  activitiesOf,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  placeOrder,
} from '../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../test/test-app';

/*
 * Lost updates (ADR 0056): two people open the same customer, patient, address, order
 * or shift and both save. Each edit sends the version it read as If-Match; the second save finds
 * the record changed, is refused with 409, the record as it is now and who changed it, and writes
 * nothing: the first person's change stays.
 */

let f: Fixtures;
type Who = { id: number; name: string; headers: Record<string, string> };
let sara: Who;
let ali: Who;

async function staff(firstName: string, lastName: string): Promise<Who> {
  const u = await createUser(f.t, ALL_PERMISSIONS);
  await f.t.db.update(users).set({ firstName, lastName }).where(eq(users.id, u.id));
  const token = (await login(f.t.app, u.email, u.password)).token;
  return { id: u.id, name: `${firstName} ${lastName}`, headers: bearer(token) };
}

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  sara = await staff('Sara', 'Khan');
  ali = await staff('Ali', 'Raza');
});
afterAll(() => f.t.close());

type Method = 'GET' | 'PATCH' | 'PUT' | 'POST';
const call = (who: Who, method: Method, url: string, payload?: object, ifMatch?: string) =>
  f.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload,
  });

/** What both people read when they opened the form: the body and its ETag. */
async function open(who: Who, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(res.headers.etag).toBe(`"${body.version}"`);
  return { body, etag: res.headers.etag as string };
}

function expectConflict(
  res: { statusCode: number; json: () => unknown },
  by: Who,
  current: Record<string, unknown>,
) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({
    detail: EDIT_CONFLICT.STALE,
    current,
    modifiedBy: { id: by.id, name: by.name },
  });
}

describe('customer', () => {
  it('the later save of the same version is refused with the current customer, and keeps the earlier change', async () => {
    const url = `/entity/customer/${f.customerId}/`;
    const seen = await open(sara, url);
    expect((await open(ali, url)).etag).toBe(seen.etag);

    const first = await call(sara, 'PATCH', url, { email: 'ayesha@new.pk' }, seen.etag);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'ayesha@new.pk', version: seen.body.version + 1 });
    expect(first.headers.etag).toBe(`"${seen.body.version + 1}"`);

    // Ali's form still holds the old email; he changes the date of birth and saves.
    const second = await call(
      ali,
      'PATCH',
      url,
      { email: seen.body.email ?? '', dob: '1991-02-03' },
      seen.etag,
    );
    expectConflict(second, sara, {
      id: f.customerId,
      email: 'ayesha@new.pk',
      dob: seen.body.dob,
      version: seen.body.version + 1,
      addresses: expect.any(Array),
      patients: expect.any(Array),
    });
    const [row] = await f.t.db.select().from(customers).where(eq(customers.id, f.customerId));
    expect(row).toMatchObject({
      email: 'ayesha@new.pk',
      dob: seen.body.dob,
      version: seen.body.version + 1,
      modifiedById: sara.id,
    });

    // Reloaded (the 409's current), the same edit goes through and keeps Sara's email.
    const retried = await call(
      ali,
      'PATCH',
      url,
      { email: 'ayesha@new.pk', dob: '1991-02-03' },
      `"${seen.body.version + 1}"`,
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ email: 'ayesha@new.pk', dob: '1991-02-03' });
  });

  it('two saves of one version sent at once: exactly one applies', async () => {
    const url = `/entity/customer/${f.customerId}/`;
    const { etag } = await open(sara, url);
    const answers = await Promise.all([
      call(sara, 'PATCH', url, { firstName: 'Ayeesha' }, etag),
      call(ali, 'PATCH', url, { firstName: 'Aysha' }, etag),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().firstName;
    const [row] = await f.t.db.select().from(customers).where(eq(customers.id, f.customerId));
    expect(row?.firstName).toBe(winner);
  });

  it('without If-Match the edit applies as before (API clients); a malformed one is a 400', async () => {
    const url = `/entity/customer/${f.customerId}/`;
    const { body } = await open(sara, url);
    const blind = await call(ali, 'PATCH', url, { lastName: 'Khan' });
    expect(blind.statusCode).toBe(200);
    expect(blind.json()).toMatchObject({ lastName: 'Khan', version: body.version + 1 });
    const any = await call(ali, 'PATCH', url, { lastName: 'Khan' }, '*');
    expect(any.statusCode).toBe(200);

    const bad = await call(ali, 'PATCH', url, { lastName: 'Nope' }, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(EDIT_CONFLICT.IF_MATCH_INVALID);
    const [row] = await f.t.db.select().from(customers).where(eq(customers.id, f.customerId));
    expect(row?.lastName).toBe('Khan');
  });

  it('booking an order for the customer is not an edit of the profile: the form still saves', async () => {
    const url = `/entity/customer/${f.customerId}/`;
    const { etag } = await open(sara, url);
    await placeOrder(f);
    const res = await call(sara, 'PATCH', url, { lastName: 'Khan' }, etag);
    expect(res.statusCode).toBe(200);
  });
});

describe('patient', () => {
  it("an age edit on a stale version is refused and does not erase the other person's email", async () => {
    const customer = await open(sara, `/entity/customer/${f.customerId}/`);
    const read = customer.body.patients.find((p: { id: number }) => p.id === f.patientId);
    expect(read.version).toBeGreaterThan(0);
    const form = {
      first_name: read.firstName,
      last_name: read.lastName,
      email: read.email ?? '',
      gender: read.gender,
      age: read.age ?? '',
      age_unit: read.ageUnit ?? 'YEARS',
      secondary_phone: read.secondaryPhone ?? '',
      customer: f.customerId,
    };
    const url = `/entity/patient/${f.patientId}/`;
    const etag = `"${read.version}"`;
    const first = await call(sara, 'PUT', url, { ...form, email: 'ayesha@mail.pk' }, etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${read.version + 1}"`);

    const second = await call(ali, 'PUT', url, { ...form, age: 41 }, etag);
    expectConflict(second, sara, {
      id: f.patientId,
      email: 'ayesha@mail.pk',
      version: read.version + 1,
    });
    const [row] = await f.t.db.select().from(patients).where(eq(patients.id, f.patientId));
    expect(row).toMatchObject({ email: 'ayesha@mail.pk', age: read.age, modifiedById: sara.id });
  });
});

describe('customer address', () => {
  it('verifying an address someone changed since is refused with the address as it is', async () => {
    const { body } = await open(sara, `/entity/customer/${f.customerId}/`);
    const read = body.addresses.find((a: { id: number }) => a.id === f.unverifiedAddress);
    const url = `/entity/verify_customer_address/${f.unverifiedAddress}`;
    const etag = `"${read.version}"`;
    const first = await call(sara, 'PATCH', url, { verified: true }, etag);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ verified: true, version: read.version + 1 });

    const second = await call(ali, 'PATCH', url, { verified: false }, etag);
    expectConflict(second, sara, { id: f.unverifiedAddress, verified: true });
    const [row] = await f.t.db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.id, f.unverifiedAddress));
    expect(row).toMatchObject({ verified: true, version: read.version + 1 });
  });
});

describe('order', () => {
  it('a tests edit on a stale version is refused with the order detail; notes, tests and the log keep the first edit only', async () => {
    const order = await placeOrder(f);
    const detailUrl = `/orders/blood/${order.id}/`;
    const seen = await open(sara, detailUrl);
    const activitiesBefore = (await activitiesOf(f, order.id)).length;

    const notes = await call(
      sara,
      'PATCH',
      `/orders/update/${order.id}/`,
      { data: { additional_notes: 'Gate code 42' } },
      seen.etag,
    );
    expect(notes.statusCode).toBe(200);

    const testsBefore = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, order.id));
    const tests = await call(
      ali,
      'POST',
      `/orders/update-order-scan-types/${order.id}/`,
      { scan_type: ['CBC'] },
      seen.etag,
    );
    expectConflict(tests, sara, {
      id: order.id,
      additionalNotes: 'Gate code 42',
      version: seen.body.version + 1,
      state: seen.body.state,
      scanTypes: seen.body.scanTypes,
    });
    const testsAfter = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, order.id));
    expect(testsAfter).toEqual(testsBefore);
    const log = await activitiesOf(f, order.id);
    expect(log.map((a) => a.verb).slice(activitiesBefore)).toEqual(['notesUpdated']);
    expect((await orderRow(f, order.id)).version).toBe(seen.body.version + 1);

    // The detail now answers the new version; with it the same edit applies.
    const fresh = await open(ali, detailUrl);
    expect(fresh.body.version).toBe(seen.body.version + 1);
    const retried = await call(
      ali,
      'POST',
      `/orders/update-order-scan-types/${order.id}/`,
      { scan_type: ['CBC'] },
      fresh.etag,
    );
    expect(retried.statusCode).toBe(200);
  });

  it('a state action counts as a change: notes saved on the version before a cancel are refused with the cancelled order', async () => {
    const order = await placeOrder(f);
    const seen = await open(ali, `/orders/blood/${order.id}/`);
    const cancel = await call(sara, 'POST', `/orders/blood/${order.id}/cancel/`, {
      reason: 'duplicate',
      cancellation_string_id: f.lookups.cancellation,
    });
    expect(cancel.statusCode).toBe(200);
    const row = await orderRow(f, order.id);
    expect(row).toMatchObject({ version: seen.body.version + 1, modifiedById: sara.id });

    const notes = await call(
      ali,
      'PATCH',
      `/orders/update/${order.id}/`,
      { data: { additional_notes: 'Call first' } },
      seen.etag,
    );
    expectConflict(notes, sara, { id: order.id, state: 'cancelled', additionalNotes: '' });
    expect((await orderRow(f, order.id)).additionalNotes).toBe('');
  });
});

describe('shift schedule', () => {
  it('a time edit on a stale version is refused with the shift; the dated shifts are not regenerated', async () => {
    const created = await call(sara, 'POST', '/shift/shift-schedules/', {
      weekday: 3,
      region: f.bloodRegion,
      start_time: '09:00',
      end_time: '13:00',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // A rider on it, so the shift has dated shifts that an edit regenerates.
    const rider = await createRider(f);
    const [hotspot] = await f.t.db
      .insert(hotspots)
      .values({ name: 'Liberty', regionId: f.bloodRegion, latitude: 31.52, longitude: 74.35 })
      .returning();
    const placed = await call(sara, 'POST', '/shift/rider-shift-schedules/', {
      shift_schedule: id,
      rider: rider.id,
      hotspot: hotspot!.id,
    });
    expect(placed.statusCode).toBe(201);
    const url = `/shift/shift-schedules/${id}/`;
    const seen = await open(sara, url);
    expect(seen.body.version).toBe(1);

    const first = await call(sara, 'PATCH', url, { start_time: '08:00' }, seen.etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const shiftsAfterFirst = await f.t.db
      .select()
      .from(riderShifts)
      .where(eq(riderShifts.shiftScheduleId, id));
    expect(shiftsAfterFirst.length).toBeGreaterThan(0);

    const second = await call(ali, 'PATCH', url, { end_time: '15:00' }, seen.etag);
    expectConflict(second, sara, { id, version: 2, startTime: '08:00:00', endTime: '13:00:00' });
    const [row] = await f.t.db.select().from(shiftSchedules).where(eq(shiftSchedules.id, id));
    expect(row).toMatchObject({ startTime: '08:00:00', endTime: '13:00:00', version: 2 });
    expect(
      await f.t.db.select().from(riderShifts).where(eq(riderShifts.shiftScheduleId, id)),
    ).toEqual(shiftsAfterFirst);
  });
});
