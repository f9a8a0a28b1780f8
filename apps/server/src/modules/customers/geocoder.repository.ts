import { and, asc, between, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema/customers';
import { collectionCenters, hotspots, regions } from '../../db/schema/locations';

/** SQL of the built-in place search: known addresses and landmarks inside a bounding box. */

export type Box = { south: number; west: number; north: number; east: number };
export type Place = { label: string; latitude: number; longitude: number };

/**
 * Addresses agents already typed, one pin per distinct text (the newest), inside the box.
 * Reads customer_addresses_address_trgm_idx for the ILIKE.
 */
export function knownAddresses(db: DbOrTx, pattern: string, box: Box, limit: number) {
  return db
    .selectDistinctOn([customerAddresses.address], {
      label: customerAddresses.address,
      latitude: customerAddresses.latitude,
      longitude: customerAddresses.longitude,
    })
    .from(customerAddresses)
    .where(
      and(
        ilike(customerAddresses.address, pattern),
        isNull(customerAddresses.deletedAt),
        between(customerAddresses.latitude, box.south, box.north),
        between(customerAddresses.longitude, box.west, box.east),
      ),
    )
    .orderBy(asc(customerAddresses.address), sql`${customerAddresses.created} desc`)
    .limit(limit) as Promise<Place[]>;
}

/** Collection centres, hotspots and region centres whose name matches, inside the box. */
export async function landmarks(db: DbOrTx, pattern: string, box: Box, limit: number) {
  const inBox = (lat: AnyPgColumn, lng: AnyPgColumn) =>
    and(between(lat, box.south, box.north), between(lng, box.west, box.east));
  const [centers, spots, areas] = await Promise.all([
    db
      .select({
        label: collectionCenters.name,
        latitude: collectionCenters.latitude,
        longitude: collectionCenters.longitude,
      })
      .from(collectionCenters)
      .where(
        and(
          eq(collectionCenters.isActive, true),
          ilike(collectionCenters.name, pattern),
          inBox(collectionCenters.latitude, collectionCenters.longitude),
        ),
      )
      .limit(limit),
    db
      .select({ label: hotspots.name, latitude: hotspots.latitude, longitude: hotspots.longitude })
      .from(hotspots)
      .where(
        and(
          eq(hotspots.isActive, true),
          ilike(hotspots.name, pattern),
          inBox(hotspots.latitude, hotspots.longitude),
        ),
      )
      .limit(limit),
    db
      .select({
        label: regions.name,
        latitude: regions.centerLatitude,
        longitude: regions.centerLongitude,
      })
      .from(regions)
      .where(
        and(
          eq(regions.isActive, true),
          ilike(regions.name, pattern),
          inBox(regions.centerLatitude, regions.centerLongitude),
        ),
      )
      .limit(limit),
  ]);
  return [...areas, ...centers, ...spots];
}
