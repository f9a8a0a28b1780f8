import { PERMISSIONS } from '@dastak/core/permissions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { scanTypes } from '../../db/schema/catalog';
import { orderScanTypes, orders, riderTasks } from '../../db/schema/orders';
import { refreshQueueSnapshots } from '../dispatch/queue/rider-queue.repository';
import { type Fixtures, tokenWith } from '../orders/test-fixtures';

/** Orders with known times for the dashboard tests, inserted directly as the demo data is. */

export const MIN = 60_000;
let seq = 0;

export interface OrderSpec {
  vertical?: Vertical;
  regionId?: number;
  state: OrderState;
  /** Minutes from `now` (negative: in the past). */
  pickupIn: number;
  /** Minutes after pickup. */
  reachedAfter?: number;
  collectedAfter?: number;
  riderId?: number;
  fulfillmentMethod?: FulfillmentMethod;
  pin?: { latitude: number; longitude: number } | null;
  tests?: string[];
}

export async function insertOrder(f: Fixtures, now: number, o: OrderSpec) {
  const pickup = new Date(Math.floor((now + o.pickupIn * MIN) / 1000) * 1000);
  const after = (m: number | undefined) =>
    m === undefined ? null : new Date(pickup.getTime() + m * MIN);
  const vertical = o.vertical ?? 'blood';
  const pin = o.pin === undefined ? { latitude: 31.5205, longitude: 74.3505 } : o.pin;
  const [row] = await f.t.db
    .insert(orders)
    .values({
      number: `${vertical === 'blood' ? 'B' : 'X'}-T${String(++seq).padStart(6, '0')}`,
      vertical,
      state: o.state,
      pickup,
      regionId: o.regionId ?? (vertical === 'blood' ? f.bloodRegion : f.xrayRegion),
      customerId: f.customerId,
      patientId: f.patientId,
      address: '12 Main Boulevard, Gulberg',
      latitude: pin?.latitude ?? null,
      longitude: pin?.longitude ?? null,
      assignedRiderId: o.riderId ?? null,
      reachedAt: after(o.reachedAfter),
      collectedAt: after(o.collectedAfter),
      fulfillmentMethod: o.fulfillmentMethod ?? 'online',
    })
    .returning();
  for (const code of o.tests ?? []) {
    const [test] = await f.t.db.select().from(scanTypes).where(eq(scanTypes.code, code));
    await f.t.db
      .insert(orderScanTypes)
      .values({ orderId: row!.id, scanTypeId: test!.id, count: 1, value: test!.value });
  }
  return { id: row!.id, number: row!.number, pickup };
}

/** The rider's pending pickups in this order, and the queue snapshot dispatch reads. */
export async function queuePickups(f: Fixtures, riderId: number, orderIds: number[]) {
  await f.t.db
    .insert(riderTasks)
    .values(orderIds.map((orderId, sequence) => ({ riderId, orderId, type: 0, sequence })));
  await refreshQueueSnapshots(f.t.db, [riderId]);
}

/** A window of `hours` either side of now, as the console sends it. */
export const windowAround = (now: number, hours = 6) => ({
  pickup_from: toKarachiIso(new Date(now - hours * 60 * MIN)),
  pickup_to: toKarachiIso(new Date(now + hours * 60 * MIN)),
});

export const dashboardToken = (f: Fixtures) => tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);

export function get(f: Fixtures, auth: Record<string, string>) {
  return async (url: string, query: Record<string, string | number | undefined> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/api/v1${url}${qs.size ? `?${qs}` : ''}`,
      headers: auth,
    });
    return { status: res.statusCode, body: res.json() };
  };
}
