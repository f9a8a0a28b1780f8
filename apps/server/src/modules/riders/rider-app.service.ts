import type { RiderAppTask } from '@dastak/core/entities/rider-app';
import { RIDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { OrderState, RiderState, RiderTaskType } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { forbidden, notFound, refused } from '../../lib/domain-errors';
import * as orderActions from './order-actions';
import { setDuty } from './rider-admin.service';
import * as repo from './rider-app.repository';
import { lockProfile } from './riders.repository';

const riderActor = (userId: number) => ({ kind: 'rider' as const, userId });

/** POST /rider-app/duty/: the same rule as the console's switch (no going off with work). */
export async function setOwnDuty(db: Db, riderId: number, isOnDuty: boolean) {
  await db.transaction(async (tx) => {
    if (!(await lockProfile(tx, riderId))) throw notFound();
    await setDuty(tx, riderId, isOnDuty);
  });
  return { detail: SUCCESS.RIDER_DUTY, isOnDuty };
}

/** GET /rider-app/tasks/: the pending queue with what the rider needs at each stop. */
export async function listOwnTasks(db: Db, riderId: number) {
  const status = await repo.findProfileStatus(db, riderId);
  if (!status) throw notFound();
  const rows = await repo.listQueue(db, riderId);
  const orderIds = rows.flatMap((r) => (r.order ? [r.order.id] : []));
  const tests = await repo.listOrderTests(db, orderIds);
  const tubes = await orderActions.listTubes(db, orderIds);
  const results: RiderAppTask[] = rows.map((r) => ({
    id: r.id,
    type: r.type as RiderTaskType,
    sequence: r.sequence,
    deadline: r.deadline ? toKarachiIso(r.deadline) : null,
    breakDurationMins: r.breakDurationMins,
    order: r.order
      ? {
          ...r.order,
          pickup: toKarachiIso(r.order.pickup),
          collectedAt: r.order.collectedAt ? toKarachiIso(r.order.collectedAt) : null,
          sampleExpiresAt: r.order.sampleExpiresAt ? toKarachiIso(r.order.sampleExpiresAt) : null,
          tubeLabels: tubes.filter((t) => t.orderId === r.order?.id).map((t) => t.label),
          patient: {
            name: `${r.patient?.firstName ?? ''} ${r.patient?.lastName ?? ''}`.trim(),
            // Patients without their own number are reached on the customer's.
            phone: r.patient?.phone || r.customerPhone || '',
          },
          tests: tests
            .filter((t) => t.orderId === r.order?.id)
            .map(({ code, name, count }) => ({ code, name, count })),
        }
      : null,
    collectionCenter: r.center,
  }));
  return {
    state: status.state as RiderState,
    isOnDuty: status.isOnDuty,
    isOnline: status.isOnline,
    results,
  };
}

/** A rider acts only on orders assigned to them; others' orders look forbidden, unknown ones 404. */
async function ownOrder(db: Db, riderId: number, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw notFound();
  if (order.assignedRiderId !== riderId) throw forbidden(RIDER_MESSAGES.NOT_YOUR_ORDER);
  return order;
}

type Summary = { id: number; number: string; state: OrderState };
const one = ({ detail, id, number, state }: Summary & { detail: string }) => ({
  detail,
  orders: [{ id, number, state }],
});

/** Refused (409) earlier than `reachLeadMinutes` before the slot: the server's config (ADR 0055). */
export async function markReached(
  db: Db,
  riderId: number,
  orderId: number,
  at: { latitude: number; longitude: number },
  reachLeadMinutes: number,
) {
  await ownOrder(db, riderId, orderId);
  return one(
    await orderActions.markReached(db, { orderId, ...at }, riderActor(riderId), {
      reachLeadMinutes,
    }),
  );
}

/** Collected, with the tube labels scanned at the door (ADR 0062; absent from older clients). */
export async function markCollected(
  db: Db,
  riderId: number,
  orderId: number,
  body: { latitude: number; longitude: number; tubeLabels?: string[] | undefined },
) {
  await ownOrder(db, riderId, orderId);
  return one(await orderActions.markCollected(db, { orderId, ...body }, riderActor(riderId)));
}

export async function reportProblem(
  db: Db,
  riderId: number,
  orderId: number,
  body: { problemStringId: number; text: string },
  pushDb: Db = db,
) {
  await ownOrder(db, riderId, orderId);
  return one(
    await orderActions.reportProblem(db, { orderId, ...body }, riderActor(riderId), pushDb),
  );
}

/**
 * POST /rider-app/deliver/: hands over every collected order in hand at the center (the orders
 * module checks the center's vertical and each transition).
 */
export async function deliverAtCenter(
  db: Db,
  riderId: number,
  body: { collectionCenterId: number; handedOverLabels?: string[] | undefined },
) {
  const orderIds = await repo.listCollectedInHand(db, riderId);
  if (orderIds.length === 0) throw refused(RIDER_MESSAGES.NO_COLLECTED_ORDERS);
  const result = await orderActions.markDeliveredAtCenter(
    db,
    { orderIds, ...body },
    riderActor(riderId),
  );
  return {
    detail: result.detail,
    orders: result.orders.map(({ id, number, state }) => ({ id, number, state })),
    tubes: result.tubes,
  };
}

/** Once per order, and only once the sample is collected (collectedAt set). */
export async function givePatientFeedback(
  db: Db,
  riderId: number,
  orderId: number,
  body: {
    overallStarRating: number;
    patientBehaviorStarRating: number;
    waitTimeMins: number;
    feedbackText: string;
  },
) {
  const order = await ownOrder(db, riderId, orderId);
  if (!order.collectedAt) throw refused(RIDER_MESSAGES.FEEDBACK_BEFORE_COLLECTION);
  const row = await repo.insertPatientFeedback(db, {
    orderId,
    riderId,
    ...body,
    isComplete: true,
  });
  if (!row) throw refused(RIDER_MESSAGES.FEEDBACK_ALREADY_GIVEN);
  return { detail: RIDER_MESSAGES.FEEDBACK_SAVED, id: row.id };
}
