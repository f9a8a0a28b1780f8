import type { LocationBody, LocationPing } from '@dastak/core/entities/rider-app';
import { RIDER_MESSAGES } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import { pointInPolygon } from '../../demo/geometry';
import { notFound } from '../../lib/domain-errors';
import { publishRiderPosition, publishRidersChanged } from '../../lib/realtime-publish';
import { rollUpPings } from '../attendance/public';
import * as repo from './rider-app.repository';

/** A fix dated in the future (a phone clock ahead) counts as taken now. */
const recordedAtOf = (p: LocationPing, now: Date) => {
  const t = p.recordedAt ? new Date(p.recordedAt) : now;
  return t > now ? now : t;
};

/**
 * POST /rider-app/location/: stores every ping for the trail (attendance, distance travelled)
 * and moves the rider's last known position to the newest fix, unless an older batch arrives
 * after a newer ping (then only the trail grows). Any report means the app is online.
 */
export async function reportLocation(db: Db, riderId: number, body: LocationBody) {
  const now = new Date();
  const pings = ('pings' in body ? body.pings : [body])
    .map((p) => ({ ...p, at: recordedAtOf(p, now) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const ctx = await repo.findPingContext(db, riderId);
  if (!ctx) throw notFound();
  const newest = pings[pings.length - 1];
  if (!newest) throw notFound();
  const moves = !ctx.lastSeenAt || newest.at >= ctx.lastSeenAt;

  let cell: { id: number; name: string } | null = null;
  if (moves && ctx.isHyperlocal) {
    const cells = await repo.listRegionCells(db, ctx.regionId);
    const found = cells.find((c) => pointInPolygon(newest, c.coordinates));
    cell = found ? { id: found.id, name: found.name } : null;
  }
  // Device facts: the newest value reported anywhere in the batch.
  const latest = <K extends 'battery' | 'networkState' | 'appVersion' | 'mobileModel'>(k: K) =>
    [...pings].reverse().find((p) => p[k] !== undefined)?.[k];
  const device = {
    battery: latest('battery'),
    networkState: latest('networkState'),
    appVersion: latest('appVersion'),
    mobileModel: latest('mobileModel'),
  };
  const definedDevice = Object.fromEntries(
    Object.entries(device).filter(([, v]) => v !== undefined),
  );

  await db.transaction(async (tx) => {
    await repo.insertPings(
      tx,
      pings.map((p) => ({
        riderId,
        latitude: p.latitude,
        longitude: p.longitude,
        accuracyMetres: p.accuracyMetres ?? null,
        battery: p.battery ?? null,
        networkState: p.networkState ?? null,
        recordedAt: p.at,
      })),
    );
    // Attendance: slots, presence, start position, state and distance of the shifts they fall in.
    await rollUpPings(
      tx,
      riderId,
      pings.map((p) => ({ ...p, accuracyMetres: p.accuracyMetres ?? null })),
      now,
    );
    await repo.updateProfile(tx, riderId, {
      isOnline: true,
      ...definedDevice,
      ...(moves
        ? {
            lastKnownLatitude: newest.latitude,
            lastKnownLongitude: newest.longitude,
            lastSeenAt: newest.at,
            ...(ctx.isHyperlocal ? { cellId: cell?.id ?? null } : {}),
          }
        : {}),
    });
    // Live dashboards, on commit: the marker moves; a rider coming online changes state too.
    if (moves) await publishRiderPosition(tx, { riderId, regionId: ctx.regionId, ...newest });
    if (!ctx.isOnline) await publishRidersChanged(tx, [riderId]);
  });
  const lastSeenAt = moves ? newest.at : ctx.lastSeenAt;
  return {
    detail: RIDER_MESSAGES.LOCATION_SAVED,
    accepted: pings.length,
    isOnline: true,
    lastSeenAt: lastSeenAt ? toKarachiIso(lastSeenAt) : null,
    cell,
  };
}

/** POST /rider-app/offline/: the app says it is going away (state and duty are untouched). */
export async function goOffline(db: Db, riderId: number) {
  await repo.updateProfile(db, riderId, { isOnline: false });
  await publishRidersChanged(db, [riderId]); // live dashboards
  return { detail: RIDER_MESSAGES.WENT_OFFLINE, isOnline: false };
}
