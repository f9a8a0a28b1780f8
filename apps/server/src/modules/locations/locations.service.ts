import type { Vertical } from '@dastak/core/states';
import type { Db } from '../../db/client';
import * as repo from './locations.repository';

interface Page {
  limit: number;
  offset: number;
}

export async function listCities(db: Db, f: { vertical?: Vertical }, p: Page) {
  const { results, count } = await repo.listCities(db, f, p);
  return {
    count,
    results: results.map((c) => ({
      id: c.id,
      name: c.name,
      centerPoint: { latitude: c.centerLatitude, longitude: c.centerLongitude },
      south: c.south,
      west: c.west,
      north: c.north,
      east: c.east,
    })),
  };
}

/** Regions with everything the dashboard map draws: boundary, cells, blacklisted areas. */
export async function listRegions(
  db: Db,
  f: { vertical?: Vertical; city?: number; ids?: number[] },
  p: Page,
) {
  const { results, count } = await repo.listRegions(db, f, p);
  const ids = results.map((r) => r.id);
  const [cells, areas] = await Promise.all([
    repo.listCells(db, ids),
    repo.listBlacklistedAreas(db, ids),
  ]);
  return {
    count,
    results: results.map((r) => ({
      id: r.id,
      name: r.name,
      vertical: r.vertical,
      city: r.cityId,
      centerPoint: { latitude: r.centerLatitude, longitude: r.centerLongitude },
      zoomLevel: r.zoomLevel,
      polygon: r.polygon,
      isHyperlocalModeEnabled: r.isHyperlocalModeEnabled,
      cells: cells
        .filter((c) => c.regionId === r.id)
        .map((c) => ({
          id: c.id,
          name: c.name,
          coordinates: c.coordinates,
          centroid: { latitude: c.centroidLatitude, longitude: c.centroidLongitude },
          minRiders: c.minRiders,
          currentRidersCount: Number(c.currentRidersCount),
        })),
      blackListedAreas: areas
        .filter((a) => a.regionId === r.id)
        .map((a) => ({ id: a.id, name: a.name, polygon: a.polygon })),
    })),
  };
}

export async function listHotspots(db: Db, f: { region?: number }, p: Page) {
  const { results, count } = await repo.listHotspots(db, f, p);
  return {
    count,
    results: results.map((h) => ({
      id: h.id,
      name: h.name,
      region: h.regionId,
      latitude: h.latitude,
      longitude: h.longitude,
    })),
  };
}

export async function listCollectionCenters(
  db: Db,
  f: { region?: number; vertical?: Vertical },
  p: Page,
) {
  const { results, count } = await repo.listCollectionCenters(db, f, p);
  return {
    count,
    results: results.map((c) => ({
      id: c.id,
      name: c.name,
      latitude: c.latitude,
      longitude: c.longitude,
    })),
  };
}
