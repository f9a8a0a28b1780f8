import type { Tx } from '../../db/client';
import * as repo from './attendance-rollup.repository';
import {
  advanceTrail,
  type Fix,
  inOpeningWindow,
  inShiftWindow,
  isShiftSlot,
  onlinePercentage,
  shiftWindowStart,
  slotStartOf,
  startsInsideHotspot,
  type Trail,
} from './attendance-trail';

/**
 * Rolls a rider's pings (oldest first, already stored) into the rider shifts whose window holds
 * them, inside the transaction that stores them (docs/decisions/0037-attendance.md): the 5-minute
 * slots, presence, the start position against the hotspot, the state (a first ping starts a
 * scheduled or missed shift), the distance so far and the online percentage. Pings arrive single
 * or batched, late and out of order; the figures come out as if they had arrived in order.
 *
 * Cost per request: one locking select of the rider's shifts near the pings (nothing more for a
 * rider off shift), one slot insert when a ping opens a new slot, and one update when a figure
 * moved, so a rider standing still within a slot costs the select alone.
 */
export async function rollUpPings(
  tx: Tx,
  riderId: number,
  pings: readonly Fix[],
  now: Date,
): Promise<void> {
  const first = pings[0];
  const last = pings[pings.length - 1];
  if (!first || !last) return;
  const shifts = await repo.lockShiftsForPings(tx, riderId, first.at, last.at);
  if (shifts.length === 0) return;

  const plans: { shift: repo.LockedShift; fixes: Fix[]; changes: repo.ShiftRollup }[] = [];
  const slotRows: { riderShiftId: number; slotStart: Date }[] = [];
  for (const shift of shifts) {
    const fixes = pings.filter((p) => inShiftWindow(p.at, shift));
    const opening = fixes[0];
    if (!opening) continue;
    const changes: repo.ShiftRollup = {};
    const slots = new Set(fixes.map((p) => slotStartOf(p.at).getTime()));
    // The newest slot written is known to have its row; any other may not.
    slots.delete(shift.lastSlotStart?.getTime() ?? Number.NaN);
    for (const t of slots) slotRows.push({ riderShiftId: shift.id, slotStart: new Date(t) });

    if (!shift.isPresent && fixes.some((p) => inOpeningWindow(p.at, shift))) {
      changes.isPresent = true;
    }
    if (shift.state === 'scheduled' || shift.state === 'missed') {
      // A batch that arrives after the end settles the shift at once.
      changes.state = now < shift.endDatetime ? 'in-progress' : 'completed';
    }
    if (!shift.hotspotRecordedAt || opening.at < shift.hotspotRecordedAt) {
      const hotspot =
        shift.hotspotLatitude === null || shift.hotspotLongitude === null
          ? null
          : { latitude: shift.hotspotLatitude, longitude: shift.hotspotLongitude };
      changes.hotspotLatitude = opening.latitude;
      changes.hotspotLongitude = opening.longitude;
      changes.hotspotRecordedAt = opening.at;
      changes.riderDidStartInsideHotspot = startsInsideHotspot(opening, hotspot);
    }
    plans.push({ shift, fixes, changes });
  }

  const written = await repo.insertSlots(tx, slotRows);

  for (const { shift, fixes, changes } of plans) {
    const mine = written.filter((w) => w.riderShiftId === shift.id).map((w) => w.slotStart);
    const online = mine.filter((slot) => isShiftSlot(slot, shift)).length;
    if (online > 0) {
      changes.onlineSlots = shift.onlineSlots + online;
      changes.onlinePercentage = onlinePercentage(changes.onlineSlots, shift);
    }
    const newest = Math.max(shift.lastSlotStart?.getTime() ?? 0, ...mine.map((s) => s.getTime()));
    if (newest > (shift.lastSlotStart?.getTime() ?? 0)) changes.lastSlotStart = new Date(newest);

    Object.assign(changes, await distanceChanges(tx, riderId, shift, fixes));
    if (Object.keys(changes).length > 0) await repo.updateShiftRollup(tx, shift.id, changes);
  }
}

/** The trail moved on by the new fixes, or replayed from the stored pings when one is older. */
async function distanceChanges(
  tx: Tx,
  riderId: number,
  shift: repo.LockedShift,
  fixes: readonly Fix[],
): Promise<repo.ShiftRollup> {
  const before: Trail = {
    point:
      shift.trailLatitude !== null && shift.trailLongitude !== null && shift.trailRecordedAt
        ? {
            latitude: shift.trailLatitude,
            longitude: shift.trailLongitude,
            at: shift.trailRecordedAt,
          }
        : null,
    metres: shift.distanceTravelledMetres ?? 0,
  };
  const outOfOrder = before.point !== null && (fixes[0]?.at ?? before.point.at) < before.point.at;
  const after = outOfOrder
    ? advanceTrail(
        { point: null, metres: 0 },
        (await repo.listFixes(tx, riderId, shiftWindowStart(shift), shift.endDatetime)).map(
          (f) => ({ ...f, accuracyMetres: f.accuracyMetres ?? null }),
        ),
      )
    : advanceTrail(before, fixes);
  const metres = Math.round(after.metres);
  const changes: repo.ShiftRollup = {};
  if (after.point && after.point.at.getTime() !== before.point?.at.getTime()) {
    changes.trailLatitude = after.point.latitude;
    changes.trailLongitude = after.point.longitude;
    changes.trailRecordedAt = after.point.at;
  }
  if (metres !== shift.distanceTravelledMetres) changes.distanceTravelledMetres = metres;
  return changes;
}
