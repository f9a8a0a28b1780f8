import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { runAutoAssignmentOnce } from '../../../jobs/auto-assignment';
import {
  insertOrder,
  insertRider,
  insertWorld,
  type World,
} from '../../../test/fixtures/dispatch.fixtures';
import { createTestApp } from '../../../test/test-app';

const MIN = 60_000;
const LAT = 31.52;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;

beforeEach(async () => {
  t = await createTestApp();
  w = await insertWorld(t.db, { size: 0.1 });
});

afterEach(async () => {
  await t.close();
});

// One rider, two orders of the same slot 3 km apart: serving one makes the other late, so only
// one fits. The non-fasting order is the nearer, the one the cheapest plan would take.
describe('fasting priority in auto-assignment (ADR 0047)', () => {
  for (const fastingCreated of ['first', 'second'] as const) {
    it(`gives the scarce rider to the fasting patient (fasting order created ${fastingCreated})`, async () => {
      const riderId = await insertRider(t.db, {
        regionId: w.home.id,
        lastKnownLatitude: LAT,
        lastKnownLongitude: 74.33,
      });
      const pickup = new Date(Date.now() + 20 * MIN);
      const make = (lng: number, isFasting: boolean) =>
        insertOrder(t.db, w, { pickup, latitude: LAT, longitude: lng, isFasting });
      let fasting: Awaited<ReturnType<typeof make>>;
      let other: Awaited<ReturnType<typeof make>>;
      if (fastingCreated === 'first') {
        fasting = await make(74.31, true);
        other = await make(74.345, false);
      } else {
        other = await make(74.345, false);
        fasting = await make(74.31, true);
      }

      const report = await runAutoAssignmentOnce(t.db, new Date());
      expect(report).toMatchObject({ waiting: 2, assigned: 1 });

      const rows = await t.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [fasting.id, other.id]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(fasting.id)).toMatchObject({ state: 'assigned', assignedRiderId: riderId });
      expect(byId.get(other.id)!.assignedRiderId).toBeNull();
    });
  }

  it('keeps the cheapest plan when neither order is fasting', async () => {
    await insertRider(t.db, {
      regionId: w.home.id,
      lastKnownLatitude: LAT,
      lastKnownLongitude: 74.33,
    });
    const pickup = new Date(Date.now() + 20 * MIN);
    const far = await insertOrder(t.db, w, { pickup, latitude: LAT, longitude: 74.31 });
    const near = await insertOrder(t.db, w, { pickup, latitude: LAT, longitude: 74.345 });
    await runAutoAssignmentOnce(t.db, new Date());
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [far.id, near.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(near.id)!.state).toBe('assigned');
    expect(byId.get(far.id)!.assignedRiderId).toBeNull();
  });
});
