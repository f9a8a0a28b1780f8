import { ADDITIONAL_NOTES_MAX } from '@dastak/core/constants';
import { FORM_VALIDATION, ORDER_MESSAGES, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Vertical } from '@dastak/core/states';
import type { Db } from '../../../db/client';
import { type ActorContext, actorUserId, requireStaff } from '../../../lib/actor';
import { invalid, notFound, refused } from '../../../lib/domain-errors';
import { assertVersion, editOrConflict, versionConflict } from '../../../lib/versioning';
import {
  type ActivityInsert,
  activityRow,
  actorName,
  insertActivities,
} from '../../order-activities/public';
import { findUserRef } from '../../users/public';
import { getOrderDetail } from '../detail/order-detail.service';
import { loadOrder, type OrderActionResult, runOrderAction, summarize } from '../order-action';
import { priceOrder, resolveTests } from '../order-tests';
import type { OrderPatch, OrderRow } from '../orders.repository';
import * as repo from '../orders.repository';

/** Edits that change no state; each still writes its own activity row (ADR 0003). */

const CLOSED_STATES: readonly string[] = ['delivered', 'cancelled'];

/** Tests and notes are editable only while nothing has been collected (spec §4). */
function assertEditableBeforeCollection(order: OrderRow) {
  if (CLOSED_STATES.includes(order.state)) throw refused(ORDER_MESSAGES.EDIT_CLOSED_ORDER);
  if (order.collectedAt) throw refused(ORDER_MESSAGES.EDIT_AFTER_COLLECTION);
}

/** POST /activity/follow-up/: only once the pickup time has passed; counts the follow-ups. */
export async function addFollowUp(
  db: Db,
  p: { orderId: number; reason: string },
  actor: ActorContext,
): Promise<OrderActionResult> {
  const reason = p.reason.trim();
  if (!reason) throw invalid(VALIDATION.REQUIRED, { reason: [VALIDATION.REQUIRED] });
  return runOrderAction(
    db,
    {
      action: 'followUp',
      actor,
      target: p,
      detail: SUCCESS.FOLLOW_UP_SAVED,
      facts: () => ({ now: new Date() }),
    },
    async ({ order, update }) => {
      await update({
        totalFollowUps: order.totalFollowUps + 1,
        // A new follow-up is a new complaint: it is not addressed yet.
        isFollowUpAddressed: false,
      });
      return { describe: { reason }, data: { reason } };
    },
  );
}

/** PATCH /orders/update/{id}/: the needs-review and follow-up-addressed toggles, and the notes. */
export async function updateOrderFlags(
  db: Db,
  p: {
    orderId: number;
    needsReview?: boolean;
    isFollowUpAddressed?: boolean;
    additionalNotes?: string;
    /** If-Match: the version the client read (ADR 0056); undefined applies the edit as is. */
    expectedVersion?: number | undefined;
  },
  actor: ActorContext,
): Promise<OrderActionResult> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_ORDER);
  const { needsReview, isFollowUpAddressed, additionalNotes } = p;
  if (
    needsReview === undefined &&
    isFollowUpAddressed === undefined &&
    additionalNotes === undefined
  ) {
    throw invalid(FORM_VALIDATION.NOTHING_TO_UPDATE);
  }
  if (additionalNotes !== undefined && additionalNotes.length > ADDITIONAL_NOTES_MAX) {
    throw invalid(VALIDATION.ADDITIONAL_NOTES_MAX, {
      additionalNotes: [VALIDATION.ADDITIONAL_NOTES_MAX],
    });
  }
  return editOrConflict(
    () =>
      db.transaction(async (tx) => {
        const order = await loadOrder(tx, p.orderId);
        assertVersion(order, p.expectedVersion);
        if (additionalNotes !== undefined) assertEditableBeforeCollection(order);
        const name = await actorName(tx, actor);
        const patch: OrderPatch = {};
        const rows: ActivityInsert[] = [];
        if (needsReview !== undefined && needsReview !== order.needsReview) {
          patch.needsReview = needsReview;
          const text = needsReview ? 'Marked as needing review' : 'Unmarked as needing review';
          rows.push(activityRow(order, 'reviewed', `${text} by ${name}`, actor, { needsReview }));
        }
        if (
          isFollowUpAddressed !== undefined &&
          isFollowUpAddressed !== order.isFollowUpAddressed
        ) {
          patch.isFollowUpAddressed = isFollowUpAddressed;
          const text = isFollowUpAddressed
            ? 'Follow up marked as addressed'
            : 'Follow up marked as not addressed';
          rows.push(
            activityRow(order, 'followUpAddressed', `${text} by ${name}`, actor, {
              isFollowUpAddressed,
            }),
          );
        }
        if (additionalNotes !== undefined && additionalNotes !== order.additionalNotes) {
          patch.additionalNotes = additionalNotes;
          rows.push(
            activityRow(order, 'notesUpdated', `Additional notes updated by ${name}`, actor),
          );
        }
        const updated = rows.length
          ? await repo.updateOrder(tx, order.id, patch, actorUserId(actor))
          : order;
        await insertActivities(tx, rows);
        const detail =
          needsReview !== undefined
            ? SUCCESS.ORDER_REVIEWED
            : isFollowUpAddressed !== undefined
              ? SUCCESS.ORDER_FOLLOW_UP_ADDRESSED
              : SUCCESS.NOTES_SAVED;
        return { detail, ...(await summarize(tx, updated)) };
      }),
    () => orderConflict(db, p.orderId),
  );
}

/**
 * POST /orders/update-order-scan-types/{orderId}/: replaces the tests (at least one, each allowed
 * at home) of an uncollected blood order and reprices it from the server's test prices: with
 * the discount sent, else the order's own (editing tests keeps the discount). A value sent must
 * be that price (ADR 0016). X-ray orders have no test editing (spec §2.6).
 */
export async function updateOrderScanTypes(
  db: Db,
  p: {
    orderId: number;
    value?: number;
    discount?: number;
    scanTypes: string[];
    /** If-Match: the version the client read (ADR 0056). */
    expectedVersion?: number | undefined;
  },
  actor: ActorContext,
): Promise<OrderActionResult> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_ORDER);
  return editOrConflict(
    () =>
      db.transaction(async (tx) => {
        const order = await loadOrder(tx, p.orderId);
        assertVersion(order, p.expectedVersion);
        if (order.vertical === 'xray') throw refused(ORDER_MESSAGES.EDIT_TESTS_XRAY);
        assertEditableBeforeCollection(order);
        const tests = await resolveTests(
          tx,
          order.vertical as Vertical,
          p.scanTypes,
          'scanType',
          VALIDATION.SELECT_TEST_TYPE_LOWER,
        );
        const price = priceOrder(tests.lines, {
          discount: p.discount ?? order.discountPercent,
          value: p.value,
        });
        await repo.replaceOrderScanTypes(tx, order.id, tests.lines);
        const updated = await repo.updateOrder(
          tx,
          order.id,
          {
            givenValue: price.givenValue,
            discountPercent: price.discountPercent,
            isCovid: tests.isCovid,
            isFasting: tests.isFasting,
          },
          actorUserId(actor),
        );
        const name = await actorName(tx, actor);
        await insertActivities(tx, [
          activityRow(
            order,
            'testsUpdated',
            `Tests updated by ${name}: ${tests.names.join(', ')}`,
            actor,
            {
              scanTypes: p.scanTypes,
              givenValue: updated.givenValue,
              discountPercent: updated.discountPercent,
            },
          ),
        ]);
        return { detail: SUCCESS.SCAN_TYPES_SAVED, ...(await summarize(tx, updated)) };
      }),
    () => orderConflict(db, p.orderId),
  );
}

/** The 409 of a stale order edit: the order as its detail answers it, and who changed it last. */
async function orderConflict(db: Db, orderId: number) {
  const row = await repo.findOrderVersion(db, orderId);
  if (!row) return notFound();
  return versionConflict(
    await getOrderDetail(db, row.vertical as Vertical, orderId),
    await findUserRef(db, row.modifiedById),
  );
}
