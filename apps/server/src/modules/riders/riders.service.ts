import {
  RIDER_APP_VERSION,
  RIDER_TRAIL_MAX_POINTS,
  RIDER_TRAIL_MINUTES,
} from '@dastak/core/constants';
import type { RiderListQuery } from '@dastak/core/entities/riders';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/domain-errors';
import { orderHistoryPage } from '../orders/public';
import { toRider, toRiderSummary } from './rider-dto';
import { searchPattern } from './rider-search';
import * as repo from './riders.repository';

interface Page {
  limit: number;
  offset: number;
}

const PICKER_LIMIT = 50;
const empty = { count: 0, results: [] };

/** GET /entity/riders/: the riders list with its filters (spec §7). */
export async function listRiders(db: Db, q: RiderListQuery, page: Page) {
  const pattern = searchPattern(q.search);
  if (pattern === null) return empty;
  const { results, count } = await repo.listRiders(
    db,
    {
      pattern,
      regions: q.regions,
      isOnline: q.isOnline,
      isCovid: q.isCovid,
      isWildcard: q.isWildcard,
      states: q.states,
    },
    q.ordering,
    page,
  );
  return { count, results: results.map((r) => toRider(r, RIDER_APP_VERSION)) };
}

/**
 * Unpaged light rows: riders-np (every active rider of the regions), rider-search (the first
 * matches of a search) and online-riders (the dashboard list).
 */
export async function listRiderOptions(
  db: Db,
  f: { regions: number[]; search?: string; onlineOnly?: boolean; capped?: boolean },
) {
  const pattern = searchPattern(f.search);
  if (pattern === null) return [];
  const rows = await repo.listRidersUnpaged(
    db,
    {
      pattern,
      regions: f.regions,
      isOnline: f.onlineOnly ? true : undefined,
      activeOnly: true,
    },
    f.capped ? PICKER_LIMIT : undefined,
  );
  return rows.map(toRiderSummary);
}

export async function getRider(db: Db, id: number) {
  const row = await repo.findRider(db, id);
  if (!row) throw notFound();
  return toRider(row, RIDER_APP_VERSION);
}

/** GET /entity/rider_location/{id}/: carries both the entity's names and plain latitude/longitude. */
export async function getRiderLocation(db: Db, id: number) {
  const row = await repo.findRider(db, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    lastKnownLatitude: row.lastKnownLatitude,
    lastKnownLongitude: row.lastKnownLongitude,
    latitude: row.lastKnownLatitude,
    longitude: row.lastKnownLongitude,
    lastSeenAt: row.lastSeenAt ? toKarachiIso(row.lastSeenAt) : null,
  };
}

/**
 * GET /entity/rider_location/{id}/trail/: the map's trail of a selected rider, from the stored
 * pings (kept 30 days), so it shows the last RIDER_TRAIL_MINUTES, not only what the page saw.
 */
export async function getRiderTrail(db: Db, id: number, now = new Date()) {
  if (!(await repo.riderExists(db, id))) throw notFound();
  const since = new Date(now.getTime() - RIDER_TRAIL_MINUTES * 60_000);
  const rows = await repo.trailSince(db, id, since, RIDER_TRAIL_MAX_POINTS);
  return {
    riderId: id,
    points: rows.map((r) => ({
      latitude: r.latitude,
      longitude: r.longitude,
      at: toKarachiIso(r.at),
    })),
  };
}

export function getRiderStats(db: Db, regionId: number | undefined) {
  return repo.riderStats(db, regionId, new Date());
}

export async function getRiderOrderHistory(db: Db, riderId: number, page: Page) {
  if (!(await repo.riderExists(db, riderId))) throw notFound();
  const { results, count } = await orderHistoryPage(db, { riderId }, page);
  return {
    count,
    results: results.map(({ created: _, ...o }) => ({ ...o, pickup: toKarachiIso(o.pickup) })),
  };
}
