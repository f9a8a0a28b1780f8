import { RIDER_TASK_TYPES, type Vertical } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { collectionCenters } from '../../db/schema/locations';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { ids, jsonText, riderRouteColumns, riderRouteRowAt } from './dashboards.repository';
import type { RiderRouteRow } from './rider-route-model';

/**
 * SQL of the samples on the road (docs/decisions/0048-sample-stability.md): collected
 * orders with a rider and an expiry, over orders_sample_in_transit_idx, as one JSON text of
 * positional arrays like the other dashboard calls (ADR 0025).
 */

export interface SampleInTransitRow {
  id: number;
  number: string;
  regionId: number;
  collectedAt: Date;
  sampleExpiresAt: Date;
  rider: RiderRouteRow;
  /** The centre the pending delivery heads to, if any. */
  center: { id: number; name: string; latitude: number; longitude: number } | null;
}

/** The centre of the order's pending delivery task (one per collected order). */
const deliveryCenterId = sql`(
  select ${riderTasks.collectionCenterId} from ${riderTasks}
  where ${riderTasks.orderId} = ${orders.id} and ${riderTasks.type} = ${RIDER_TASK_TYPES.DELIVERY}
    and ${riderTasks.state} = 'pending'
  order by ${riderTasks.id} desc limit 1
)`;

export function samplesInTransitSql(f: { vertical: Vertical; regions: readonly number[] }) {
  return sql`select coalesce(json_agg(json_build_array(
      ${orders.id}, ${orders.number}, ${orders.regionId}, ${orders.collectedAt},
      ${orders.sampleExpiresAt}, ${riderRouteColumns}, ${collectionCenters.id},
      ${collectionCenters.name}, ${collectionCenters.latitude}, ${collectionCenters.longitude}
    ) order by ${orders.sampleExpiresAt}, ${orders.id}), '[]'::json)::text
    from ${orders}
    join ${users} on ${users.id} = ${orders.assignedRiderId}
    join ${riderProfiles} on ${riderProfiles.userId} = ${orders.assignedRiderId}
    left join ${collectionCenters} on ${collectionCenters.id} = ${deliveryCenterId}
    where ${orders.vertical} = ${f.vertical} and ${orders.state} = 'collected'
      and ${orders.sampleExpiresAt} is not null
      ${f.regions.length ? sql`and ${orders.regionId} = any(${ids(f.regions)})` : sql``}`;
}

export async function listSamplesInTransit(
  db: DbOrTx,
  f: { vertical: Vertical; regions: readonly number[] },
): Promise<SampleInTransitRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
  const packed = JSON.parse(await jsonText(db, samplesInTransitSql(f))) as any[][];
  return packed.map((r) => ({
    id: r[0],
    number: r[1],
    regionId: r[2],
    collectedAt: new Date(r[3]),
    sampleExpiresAt: new Date(r[4]),
    rider: riderRouteRowAt(r, 5),
    center: r[12] == null ? null : { id: r[12], name: r[13], latitude: r[14], longitude: r[15] },
  }));
}
