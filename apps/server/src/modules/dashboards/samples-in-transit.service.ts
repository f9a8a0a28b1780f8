import type { SampleInTransit, SamplesInTransitQuery } from '@dastak/core/entities/dashboard';
import { STABILITY_MESSAGES } from '@dastak/core/messages/sample-stability';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { SAMPLE_AT_RISK_MINUTES, sampleCountdown } from '@dastak/core/rules/sample-stability';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import {
  type DispatchConfig,
  planRoute,
  type RiderModel,
  roadLeg,
  type TravelFn,
} from '../dispatch/public';
import { riderName, riderRouteModel } from './rider-route-model';
import * as repo from './samples-in-transit.repository';

const MINUTE = 60_000;

/** Whole seconds, as the other estimates of the dashboard (at-risk orders) show them. */
const isoSeconds = (ms: number) => toKarachiIso(new Date(Math.round(ms / 1000) * 1000));

/**
 * The route model's arrival at the sample's centre (docs/decisions/0048-sample-stability.md):
 * from the rider's last position, after any break, through the pickups the rider holds (the
 * model visits them before the route end, as dispatch plans it), then to the centre.
 */
function estimate(
  row: repo.SampleInTransitRow,
  rider: RiderModel,
  now: number,
  travel: TravelFn,
  config: DispatchConfig,
): Pick<SampleInTransit, 'estimatedArrival' | 'minutesToSpare' | 'atRisk' | 'cause'> {
  const expiry = row.sampleExpiresAt.getTime();
  const center = row.center;
  if (center && rider.position) {
    const end = {
      point: { latitude: center.latitude, longitude: center.longitude },
      latest: expiry,
    };
    const arrival = planRoute({ ...rider, end }, [], now, travel, config).endArrival as number;
    const minutesToSpare = Math.floor((expiry - arrival) / MINUTE);
    const atRisk = minutesToSpare < SAMPLE_AT_RISK_MINUTES;
    return {
      estimatedArrival: isoSeconds(arrival),
      minutesToSpare,
      atRisk,
      cause: atRisk ? STABILITY_MESSAGES.AT_RISK_CAUSE(minutesToSpare, center.name) : null,
    };
  }
  // Nothing to ride from or to: only the countdown itself can raise the alarm.
  const atRisk =
    sampleCountdown(row.sampleExpiresAt, new Date(now)).minutesLeft < SAMPLE_AT_RISK_MINUTES;
  const cause = center ? STABILITY_MESSAGES.NO_POSITION_CAUSE : STABILITY_MESSAGES.NO_CENTER_CAUSE;
  return { estimatedArrival: null, minutesToSpare: null, atRisk, cause: atRisk ? cause : null };
}

/**
 * GET /orders/{vertical}/samples-in-transit/ (ADR 0048): every collected sample not yet delivered,
 * with its rider and expiry, soonest to expire first, with the route model's arrival at its
 * centre and whether it is at risk (less than SAMPLE_AT_RISK_MINUTES to spare).
 */
export async function listSamplesInTransit(
  db: DbOrTx,
  vertical: Vertical,
  q: SamplesInTransitQuery,
  config: DispatchConfig,
  now = new Date(),
): Promise<SampleInTransit[]> {
  const rows = await repo.listSamplesInTransit(db, { vertical, regions: q.regions });
  const t = now.getTime();
  const travel: TravelFn = (a, b) => roadLeg(a, b, config);
  const models = new Map<number, RiderModel>();
  return rows.map((row) => {
    let rider = models.get(row.rider.id);
    if (!rider) {
      rider = riderRouteModel(row.rider, t);
      models.set(row.rider.id, rider);
    }
    return {
      id: row.id,
      number: row.number,
      regionId: row.regionId,
      assignedRider: { id: row.rider.id, name: riderName(row.rider) },
      collectedAt: toKarachiIso(row.collectedAt),
      sampleExpiresAt: toKarachiIso(row.sampleExpiresAt),
      collectionCenter: row.center ? { id: row.center.id, name: row.center.name } : null,
      ...estimate(row, rider, t, travel, config),
    };
  });
}
