import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { RiderTaskType, Vertical } from '@dastak/core/states';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/domain-errors';
import * as repo from '../dispatch.repository';

/** GET /algorithm/{vertical}/tasks/?rider_id: the rider's pending queue in sequence order. */
export async function listRiderTasks(db: Db, p: { vertical: Vertical; riderId: number }) {
  if (!(await repo.findRider(db, p.vertical, p.riderId))) throw notFound();
  const rows = await repo.listRiderQueue(db, p.riderId, p.vertical);
  return rows.map((t) => ({
    id: t.id,
    type: t.type as RiderTaskType,
    order:
      t.orderId != null && t.orderNumber != null && t.pickup
        ? {
            id: t.orderId,
            number: t.orderNumber,
            pickup: toKarachiIso(t.pickup),
            address: t.address ?? '',
            sampleExpiresAt: t.sampleExpiresAt ? toKarachiIso(t.sampleExpiresAt) : null,
          }
        : null,
    // A task written without a deadline falls back to its order's pickup, then its creation.
    deadline: toKarachiIso(t.deadline ?? t.pickup ?? t.created),
    collectionCenter:
      t.centerId != null && t.centerName != null ? { id: t.centerId, name: t.centerName } : null,
  }));
}
