import type { PartialOrderState } from '@dastak/core/states';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cities } from '../../../db/schema/locations';
import { partialOrders } from '../../../db/schema/orders';

/** SQL of the partial orders (spec §2.4): the list, one row, cancel, and a channel's insert. */

export type PartialOrderInsert = typeof partialOrders.$inferInsert;

export type PartialOrderFilter = {
  states: PartialOrderState[];
  /** An exact id (the search text was a number). */
  id?: number;
  /** An ILIKE pattern on name and phone. */
  pattern?: string;
  pickupFrom?: Date;
  pickupTo?: Date;
};

export type PartialOrderSortKey = { column: 'pickup' | 'created' | 'date'; desc: boolean };

const columns = {
  id: partialOrders.id,
  cityId: partialOrders.cityId,
  cityName: cities.name,
  name: partialOrders.name,
  phone: partialOrders.phone,
  email: partialOrders.email,
  address: partialOrders.address,
  latitude: partialOrders.latitude,
  longitude: partialOrders.longitude,
  state: partialOrders.state,
  date: partialOrders.date,
  timeSlot: partialOrders.timeSlot,
  pickup: partialOrders.pickup,
  tests: partialOrders.tests,
  source: partialOrders.source,
  notes: partialOrders.notes,
  created: partialOrders.created,
};

export type PartialOrderRow = {
  id: number;
  cityId: number | null;
  cityName: string | null;
  name: string;
  phone: string;
  email: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  state: PartialOrderState;
  date: string;
  timeSlot: string;
  pickup: Date;
  tests: string[];
  source: string;
  notes: string | null;
  created: Date;
};

function whereOf(f: PartialOrderFilter): SQL | undefined {
  const search: SQL[] = [];
  if (f.id !== undefined) search.push(eq(partialOrders.id, f.id));
  if (f.pattern !== undefined) {
    search.push(ilike(partialOrders.name, f.pattern), ilike(partialOrders.phone, f.pattern));
  }
  return and(
    f.states.length ? inArray(partialOrders.state, f.states) : undefined,
    search.length ? or(...search) : undefined,
    f.pickupFrom ? gte(partialOrders.pickup, f.pickupFrom) : undefined,
    f.pickupTo ? lte(partialOrders.pickup, f.pickupTo) : undefined,
  );
}

export async function listPartialOrders(
  db: DbOrTx,
  filter: PartialOrderFilter,
  sort: PartialOrderSortKey[],
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: PartialOrderRow[] }> {
  const where = whereOf(filter);
  const order = sort.map((k) =>
    k.desc ? desc(partialOrders[k.column]) : asc(partialOrders[k.column]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(partialOrders)
      .leftJoin(cities, eq(cities.id, partialOrders.cityId))
      .where(where)
      // id last, so equal pickups page in a stable order.
      .orderBy(...order, desc(partialOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(partialOrders).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function findPartialOrder(
  db: DbOrTx,
  id: number,
): Promise<PartialOrderRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(partialOrders)
    .leftJoin(cities, eq(cities.id, partialOrders.cityId))
    .where(eq(partialOrders.id, id));
  return row;
}

/** NEW -> CANCELLED; false when the row is not NEW (already converted or cancelled) or absent. */
export async function cancelPartialOrder(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(partialOrders)
    .set({ state: 'CANCELLED' })
    .where(and(eq(partialOrders.id, id), eq(partialOrders.state, 'NEW')))
    .returning({ id: partialOrders.id });
  return rows.length > 0;
}

export async function partialOrderExists(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: partialOrders.id })
    .from(partialOrders)
    .where(eq(partialOrders.id, id));
  return row !== undefined;
}

export async function insertPartialOrder(tx: DbOrTx, values: PartialOrderInsert): Promise<number> {
  const [row] = await tx.insert(partialOrders).values(values).returning({ id: partialOrders.id });
  return row!.id;
}

export async function cityExists(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
  return row !== undefined;
}
