import type { Vertical } from '@dastak/core/states';
import { and, arrayContains, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  blacklistedAreas,
  cells,
  cities,
  collectionCenters,
  hotspots,
  regions,
} from '../../db/schema/locations';
import { riderProfiles } from '../../db/schema/riders';

interface Page {
  limit: number;
  offset: number;
}

async function pageOf<T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>) {
  const [results, [c]] = await Promise.all([rows, total]);
  return { results, count: c?.n ?? 0 };
}

export function listCities(db: DbOrTx, f: { vertical?: Vertical }, p: Page) {
  const where = and(
    eq(cities.isActive, true),
    f.vertical ? arrayContains(cities.verticals, [f.vertical]) : undefined,
  );
  return pageOf(
    db.select().from(cities).where(where).orderBy(asc(cities.name)).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(cities).where(where),
  );
}

export function listRegions(
  db: DbOrTx,
  f: { vertical?: Vertical; city?: number; ids?: number[] },
  p: Page,
) {
  const where = and(
    eq(regions.isActive, true),
    f.vertical ? eq(regions.vertical, f.vertical) : undefined,
    f.city ? eq(regions.cityId, f.city) : undefined,
    f.ids?.length ? inArray(regions.id, f.ids) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(regions)
      .where(where)
      .orderBy(asc(regions.name), asc(regions.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(regions).where(where),
  );
}

/** Cells of the given regions with how many online, on-duty riders each holds now. */
export async function listCells(db: DbOrTx, regionIds: number[]) {
  if (regionIds.length === 0) return [];
  return db
    .select({
      id: cells.id,
      regionId: cells.regionId,
      name: cells.name,
      coordinates: cells.coordinates,
      centroidLatitude: cells.centroidLatitude,
      centroidLongitude: cells.centroidLongitude,
      minRiders: cells.minRiders,
      currentRidersCount: count(riderProfiles.userId),
    })
    .from(cells)
    .leftJoin(
      riderProfiles,
      and(
        eq(riderProfiles.cellId, cells.id),
        eq(riderProfiles.isOnline, true),
        eq(riderProfiles.isOnDuty, true),
      ),
    )
    .where(inArray(cells.regionId, regionIds))
    .groupBy(cells.id)
    .orderBy(asc(cells.name));
}

export async function listBlacklistedAreas(db: DbOrTx, regionIds: number[]) {
  if (regionIds.length === 0) return [];
  return db
    .select()
    .from(blacklistedAreas)
    .where(and(inArray(blacklistedAreas.regionId, regionIds), eq(blacklistedAreas.isActive, true)))
    .orderBy(asc(blacklistedAreas.name));
}

export function listHotspots(db: DbOrTx, f: { region?: number }, p: Page) {
  const where = and(
    eq(hotspots.isActive, true),
    f.region ? eq(hotspots.regionId, f.region) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(hotspots)
      .where(where)
      .orderBy(asc(hotspots.name))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(hotspots).where(where),
  );
}

export function listCollectionCenters(
  db: DbOrTx,
  f: { region?: number; vertical?: Vertical },
  p: Page,
) {
  const conditions: (SQL | undefined)[] = [
    eq(collectionCenters.isActive, true),
    f.region ? eq(collectionCenters.regionId, f.region) : undefined,
    f.vertical ? eq(collectionCenters.vertical, f.vertical) : undefined,
  ];
  const where = and(...conditions);
  return pageOf(
    db
      .select()
      .from(collectionCenters)
      .where(where)
      .orderBy(asc(collectionCenters.name))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(collectionCenters).where(where),
  );
}
