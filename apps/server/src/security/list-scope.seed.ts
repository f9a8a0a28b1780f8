import { TIME_ZONE } from '@dastak/core/constants';
import { PERMISSIONS } from '@dastak/core/permissions';
import { formatInTimeZone } from 'date-fns-tz';
import { eq } from 'drizzle-orm';
import { customerAddresses, patients, regionCustomerAddresses } from '../db/schema/customers';
import { riderProfiles } from '../db/schema/riders';
import {
  bringPickupNear,
  createFixtures,
  createRider,
  placeOrder,
  type TestApp,
  tokenWith,
} from '../test/fixtures/orders.fixtures';

/**
 * The data of the list-scope test: a little of everything a caller must not be shown, reached
 * through the API where the API can make it (a deleted patient and address with orders, riders
 * of both verticals, a deactivated rider, a rider on the other vertical with work in hand, a
 * collected sample on the road, partial orders in two states).
 */
export async function seedListScope(t: TestApp) {
  const f = await createFixtures(t);
  const as = (headers: Record<string, string>) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) }),
  });
  const ok = async (p: Promise<{ statusCode: number; body: string }>, what: string) => {
    const res = await p;
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const staff = as(f.auth);
  const admin = as(await tokenWith(t, Object.values(PERMISSIONS)));

  const rider = await createRider(f);
  const xrayRider = await createRider(f, { vertical: 'xray' });
  const gone = await createRider(f, { active: false });
  const moved = await createRider(f);
  const offline = await createRider(f, { onDuty: false });

  const assign = (vertical: string, orderId: number, riderId: number) =>
    ok(
      staff.send('POST', `/orders/${vertical}/${orderId}/request/`, { rider_ids: [riderId] }),
      'assign',
    );
  const blood = [await placeOrder(f), await placeOrder(f), await placeOrder(f, 'blood')];
  const xray = [await placeOrder(f, 'xray'), await placeOrder(f, 'xray')];
  await assign('blood', blood[0]!.id, rider.id);
  await assign('xray', xray[0]!.id, xrayRider.id);
  // A sample on the road (ADR 0048): collected through the rider app, so it carries an expiry.
  await assign('blood', blood[1]!.id, rider.id);
  await bringPickupNear(f, blood[1]!.id);
  const door = { latitude: 31.5206, longitude: 74.3506 };
  for (const step of ['reached', 'collected']) {
    await ok(
      as(rider.auth).send('POST', `/rider-app/orders/${blood[1]!.id}/${step}/`, door),
      `mark ${step}`,
    );
  }

  // A rider holding a blood pickup on an X-ray region: the API refuses the move (409), but
  // data written before that rule (or by hand) may hold it, and the task lists must not show
  // the blood order under X-ray then.
  const movedOrder = await placeOrder(f);
  await assign('blood', movedOrder.id, moved.id);
  const refused = await admin.send('PUT', `/entity/rider-update/${moved.id}/`, {
    first_name: 'Rider',
    last_name: 'Moved',
    phone: '03001110000',
    email: `moved-${moved.id}@test.local`,
    region: f.xrayRegion,
  });
  if (refused.statusCode !== 409) throw new Error(`move rider: ${refused.statusCode}`);
  await t.db
    .update(riderProfiles)
    .set({ regionId: f.xrayRegion, vertical: 'xray', cellId: null })
    .where(eq(riderProfiles.userId, moved.id));

  // A patient and an address with orders, then deleted (orders keep pointing at both).
  const [patient] = await t.db
    .insert(patients)
    .values({ customerId: f.customerId, firstName: 'Deleted', lastName: 'Patient' })
    .returning();
  const [address] = await t.db
    .insert(customerAddresses)
    .values({
      customerId: f.customerId,
      latitude: 31.5206,
      longitude: 74.3506,
      address: '7 Deleted Street, Gulberg',
      verified: true,
    })
    .returning();
  for (const regionId of [f.bloodRegion, f.xrayRegion]) {
    await t.db
      .insert(regionCustomerAddresses)
      .values({ customerAddressId: address!.id, regionId, customerId: f.customerId });
  }
  const ofDeleted = await placeOrder(f, 'blood', {
    patient: patient!.id,
    customerAddress: address!.id,
  });
  await ok(admin.send('DELETE', `/entity/patient/${patient!.id}`), 'delete patient');
  await ok(admin.send('DELETE', `/entity/customer_address/${address!.id}/`), 'delete address');

  const partial = (name: string) =>
    ok(
      admin.send('POST', '/orders/partial-order/', {
        city: f.cityId,
        name,
        phone: '03005550000',
        address: '3 Canal Road',
        date: formatInTimeZone(new Date(Date.now() + 86_400_000), TIME_ZONE, 'yyyy-MM-dd'),
        time_slot: '10:00',
      }),
      'partial order',
    ).then((r) => (JSON.parse(r.body) as { id: number }).id);
  await partial('Zara Web');
  const cancelled = await partial('Omar Chat');
  await ok(
    admin.send('PATCH', `/orders/partial-order/${cancelled}/`, { state: 'CANCELLED' }),
    'cancel partial order',
  );

  return {
    f,
    admin,
    riders: { rider, xrayRider, gone, moved, offline },
    orders: {
      blood: [...blood, movedOrder, ofDeleted],
      xray,
      ofDeleted,
      movedOrder,
    },
    deleted: { patientId: patient!.id, addressId: address!.id },
  };
}

export type ListScopeSeed = Awaited<ReturnType<typeof seedListScope>>;
