import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAddresses, regionCustomerAddresses } from '../../db/schema/customers';
import { cities, regions } from '../../db/schema/locations';
import type { Edit } from '../../lib/versioning';

/** SQL of customer addresses and the regions that contain them. */

export type AddressRow = typeof customerAddresses.$inferSelect;

/**
 * Regions containing addresses, with the region's name (region_customer_addresses): of the given
 * addresses, or of every address of the given customers (the search reads them alongside the
 * addresses, not after).
 */
export function listAddressRegions(
  db: DbOrTx,
  of: { addressIds: number[] } | { customerIds: number[] },
) {
  const [column, ids] =
    'addressIds' in of
      ? [regionCustomerAddresses.customerAddressId, of.addressIds]
      : [regionCustomerAddresses.customerId, of.customerIds];
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      customerAddressId: regionCustomerAddresses.customerAddressId,
      id: regions.id,
      name: regions.name,
      vertical: regions.vertical,
    })
    .from(regionCustomerAddresses)
    .innerJoin(regions, eq(regions.id, regionCustomerAddresses.regionId))
    .where(inArray(column, ids))
    .orderBy(asc(regions.name));
}

export function listCustomerAddresses(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), isNull(customerAddresses.deletedAt)))
    .orderBy(desc(customerAddresses.created), desc(customerAddresses.id));
}

export async function getLiveAddress(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), isNull(customerAddresses.deletedAt)));
  return row;
}

/** Active regions whose city's bounding box holds the point: the candidates for containment. */
export function regionsAround(db: DbOrTx, latitude: number, longitude: number) {
  return db
    .select({ id: regions.id, cityId: regions.cityId, polygon: regions.polygon })
    .from(regions)
    .innerJoin(cities, eq(cities.id, regions.cityId))
    .where(
      and(
        eq(regions.isActive, true),
        lte(cities.south, latitude),
        gte(cities.north, latitude),
        lte(cities.west, longitude),
        gte(cities.east, longitude),
      ),
    );
}

export async function getCity(db: DbOrTx, id: number) {
  const [row] = await db.select().from(cities).where(eq(cities.id, id));
  return row;
}

/** The city whose bounding box holds the point, when the client named none. */
export async function cityAt(db: DbOrTx, latitude: number, longitude: number) {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(
      and(
        lte(cities.south, latitude),
        gte(cities.north, latitude),
        lte(cities.west, longitude),
        gte(cities.east, longitude),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function insertAddress(
  db: DbOrTx,
  values: Omit<typeof customerAddresses.$inferInsert, 'id'>,
): Promise<AddressRow> {
  const [row] = await db.insert(customerAddresses).values(values).returning();
  return row as AddressRow;
}

export async function insertRegionLinks(
  db: DbOrTx,
  rows: (typeof regionCustomerAddresses.$inferInsert)[],
) {
  if (rows.length > 0) await db.insert(regionCustomerAddresses).values(rows);
}

/** Undefined when the address is gone or no longer at the version read (ADR 0056). */
export async function setVerified(db: DbOrTx, id: number, verified: boolean, edit: Edit) {
  const [row] = await db
    .update(customerAddresses)
    .set({
      verified,
      modified: new Date(),
      version: sql`${customerAddresses.version} + 1`,
      modifiedById: edit.by,
    })
    .where(
      and(
        eq(customerAddresses.id, id),
        isNull(customerAddresses.deletedAt),
        edit.expected === undefined ? undefined : eq(customerAddresses.version, edit.expected),
      ),
    )
    .returning();
  return row;
}
