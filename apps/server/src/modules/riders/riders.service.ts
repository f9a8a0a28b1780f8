import type { RiderListQuery } from '@dastak/core/entities/riders';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { orderHistoryPage } from '../orders/order-history.repository';
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
  const [{ results, count }, latest] = await Promise.all([
    repo.listRiders(
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
    ),
    repo.latestAppVersion(db),
  ]);
  return { count, results: results.map((r) => toRider(r, latest)) };
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
  const [row, latest] = await Promise.all([repo.findRider(db, id), repo.latestAppVersion(db)]);
  if (!row) throw notFound();
  return toRider(row, latest);
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
