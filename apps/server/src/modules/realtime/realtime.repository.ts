import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cells, cities, regions } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { riderColumns } from '../riders/public';

/** Every region's city: streams of a city dashboard match events by their region's city. */
export function listRegionCities(db: DbOrTx) {
  return db.select({ id: regions.id, cityId: regions.cityId }).from(regions);
}

export async function regionExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
  return row !== undefined;
}

export async function cityExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
  return row !== undefined;
}

/** The riders' rows as the dashboard's rider calls read them (toRiderSummary's input). */
export function listRidersByIds(db: DbOrTx, ids: number[]) {
  return db
    .select(riderColumns)
    .from(riderProfiles)
    .innerJoin(users, eq(users.id, riderProfiles.userId))
    .innerJoin(regions, eq(regions.id, riderProfiles.regionId))
    .innerJoin(cities, eq(cities.id, regions.cityId))
    .leftJoin(cells, eq(cells.id, riderProfiles.cellId))
    .where(inArray(riderProfiles.userId, ids));
}

export function listOrderStates(db: DbOrTx, ids: number[]) {
  return db
    .select({
      orderId: orders.id,
      vertical: orders.vertical,
      regionId: orders.regionId,
      state: orders.state,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
}
