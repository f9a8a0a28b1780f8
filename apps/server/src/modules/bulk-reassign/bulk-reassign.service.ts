import { createHash } from 'node:crypto';
import type {
  BulkReassignCommit,
  BulkReassignLine,
  BulkReassignProposal,
  BulkReassignReply,
} from '@dastak/core/entities/bulk-reassign';
import { ORDER_MESSAGES } from '@dastak/core/messages';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import {
  type OrderState,
  REASSIGNABLE_STATES,
  USER_TYPES,
  type Vertical,
} from '@dastak/core/states';
import type { Db } from '../../db/client';
import type { ActorContext } from '../../lib/actor';
import { invalid, notFound } from '../../lib/domain-errors';
import {
  cellContext,
  DISPATCH_DEFAULTS,
  type DispatchConfig,
  groupCandidates,
  listCandidatesWithQueues,
  listCells,
  listRegions,
  lockRider,
  RIDER_GROUPS,
  riderName,
  solveAssignments,
  toOrderModel,
  toRiderModels,
  travelAmong,
} from '../dispatch/public';
import { lockOrders, reassignOrderInTx } from '../orders/public';
import * as repo from './bulk-reassign.repository';

/**
 * A rider falls sick: the joint solver of auto-assignment proposes a new rider for
 * each of their pending pickups, the dispatcher reviews, and the commit moves every kept order in
 * one transaction, or none when any changed since the proposal.
 */

export interface BulkReassignOptions {
  osrmUrl?: string;
  config?: DispatchConfig;
  now?: Date;
}

/** What the commit compares: changes whenever the order is assigned, moved or changes state. */
export function orderVersion(o: {
  state: string;
  assignedRiderId: number | null;
  assignedAt: Date | null;
  pickup: Date;
}): string {
  const text = [o.state, o.assignedRiderId, o.assignedAt?.toISOString(), o.pickup.toISOString()];
  return createHash('sha256').update(text.join('|')).digest('base64url').slice(0, 16);
}

/** POST /riders/{riderId}/reassign-all/proposal/ */
export async function proposeReassignAll(
  db: Db,
  riderId: number,
  opts: BulkReassignOptions = {},
): Promise<BulkReassignProposal> {
  const sick = await repo.findRider(db, riderId);
  if (!sick) throw notFound();
  const pending = await repo.listPendingPickups(db, riderId);
  const lines: BulkReassignLine[] = [];
  for (const vertical of [...new Set(pending.map((o) => o.vertical))]) {
    lines.push(
      ...(await proposeForVertical(
        db,
        vertical,
        riderId,
        pending.filter((o) => o.vertical === vertical),
        opts,
      )),
    );
  }
  const rank = new Map(pending.map((o, i) => [o.id, i]));
  lines.sort((a, b) => rank.get(a.orderId)! - rank.get(b.orderId)!);
  return { rider: { id: sick.id, name: riderName(sick) }, lines };
}

async function proposeForVertical(
  db: Db,
  vertical: Vertical,
  sickId: number,
  pending: Awaited<ReturnType<typeof repo.listPendingPickups>>,
  opts: BulkReassignOptions,
): Promise<BulkReassignLine[]> {
  const config = opts.config ?? DISPATCH_DEFAULTS;
  const now = (opts.now ?? new Date()).getTime();
  // The auto-assignment job's fleet: on-duty, online riders of the vertical, minus the sick one.
  const fleet = await listCandidatesWithQueues(db, { vertical });
  const riderRows = fleet.riders.filter((r) => r.id !== sickId);
  const taskRows = fleet.tasks.filter((t) => t.riderId !== sickId);
  const regionIds = [...new Set([...pending, ...riderRows].map((x) => x.regionId))];
  const regionRows = await listRegions(db, regionIds);
  const hyperlocal = regionRows.filter((r) => r.isHyperlocalModeEnabled).map((r) => r.id);
  const cellRows = await listCells(db, hyperlocal);
  const regionsById = new Map(regionRows.map((r) => [r.id, r]));
  const orders = pending.map((o) =>
    toOrderModel(
      o,
      regionsById.get(o.regionId),
      cellRows.filter((c) => c.regionId === o.regionId),
    ),
  );
  const riders = toRiderModels(riderRows, taskRows, regionsById, now);
  const cells = cellContext(riders, cellRows, true);
  const travel = await travelAmong(
    [...orders.map((o) => o.point), ...riders.flatMap((r) => (r.position ? [r.position] : []))],
    { osrmUrl: opts.osrmUrl, timeoutMs: config.osrmTimeoutMs, model: config },
  );
  const result = solveAssignments({ orders, riders, now, travel, config, cells });
  const chosen = new Map(result.assignments.map((a) => [a.orderId, a.riderId]));
  const names = new Map(riderRows.map((r) => [r.id, riderName(r)]));
  const ref = (id: number) => ({ id, name: names.get(id) ?? '' });

  const lines: BulkReassignLine[] = [];
  for (const o of pending) {
    // The single re-assign's list for this order, not the solver's stricter fleet (a
    // rider the single re-assign takes was missing here). One query per pickup; a rider holds
    // at most RIDER_MAX_PICKUPS.
    const { groups, riderRows: listed } = await groupCandidates(
      db,
      { vertical, orderId: o.id },
      opts,
    );
    const listedNames = new Map(listed.map((r) => [r.id, riderName(r)]));
    const candidates = RIDER_GROUPS.flatMap((group) =>
      groups[group].map((e) => ({ id: e.riderId, name: listedNames.get(e.riderId) ?? '', group })),
    );
    const onDutyWithRoom = groups.availableRiders.length + groups.lateRiders.length > 0;
    const proposed = chosen.get(o.id);
    lines.push({
      orderId: o.id,
      number: o.number,
      vertical: o.vertical,
      state: o.state as OrderState,
      pickup: toKarachiIso(o.pickup),
      timeSlotMinutes: o.timeSlotMinutes,
      area: o.regionName ?? '',
      address: o.address,
      proposedRider: proposed === undefined ? null : ref(proposed),
      reason:
        proposed !== undefined ? null : onDutyWithRoom ? M.NO_RIDER_IN_SLOT : M.NO_RIDER_ON_DUTY,
      candidates,
      version: orderVersion(o),
    });
  }
  return lines;
}

export type CommitOutcome =
  | ({ ok: true } & BulkReassignReply)
  | { ok: false; detail: string; changed: number[] };

/**
 * POST /riders/{riderId}/reassign-all/: all or nothing. Orders are locked in id order, then the
 * riders in id order (the lock order of every order action); an order that is no longer the
 * rider's pending pickup at the proposal's version fails the whole commit (409, `changed`), and
 * any refusal of a single reassignment rolls back the ones before it.
 */
export async function commitReassignAll(
  db: Db,
  riderId: number,
  body: Omit<BulkReassignCommit, 'reason'> & { reason: string },
  actor: ActorContext,
): Promise<CommitOutcome> {
  const lines = [...body.lines].sort((a, b) => a.orderId - b.orderId);
  const orderIds = lines.map((l) => l.orderId);
  if (new Set(orderIds).size !== orderIds.length) {
    throw invalid(M.DUPLICATE_ORDER, { lines: [M.DUPLICATE_ORDER] });
  }
  if (lines.some((l) => l.riderId === riderId)) {
    throw invalid(M.SAME_RIDER, { lines: [M.SAME_RIDER] });
  }
  return db.transaction(async (tx): Promise<CommitOutcome> => {
    if (!(await repo.findRider(tx, riderId))) throw notFound();
    const locked = new Map((await lockOrders(tx, orderIds)).map((o) => [o.id, o]));
    for (const id of [...new Set([riderId, ...lines.map((l) => l.riderId)])].sort(
      (a, b) => a - b,
    )) {
      const rider = await lockRider(tx, id);
      if (!rider || rider.userType !== USER_TYPES.RIDER) {
        throw invalid(ORDER_MESSAGES.RIDER_NOT_FOUND, {
          lines: [ORDER_MESSAGES.RIDER_NOT_FOUND],
        });
      }
    }
    const queued = await repo.ordersWithPendingPickup(tx, riderId, orderIds);
    const changed = lines
      .filter((l) => {
        const o = locked.get(l.orderId);
        return (
          !o ||
          o.assignedRiderId !== riderId ||
          !REASSIGNABLE_STATES.includes(o.state as OrderState) ||
          !queued.has(o.id) ||
          orderVersion(o) !== l.version
        );
      })
      .map((l) => l.orderId);
    // Nothing is written before this point, so returning leaves the database as it was.
    if (changed.length > 0) return { ok: false, detail: M.ORDERS_CHANGED, changed };
    const done = [];
    for (const l of lines) {
      const { detail: _detail, ...summary } = await reassignOrderInTx(
        tx,
        {
          orderId: l.orderId,
          riderId: l.riderId,
          reassignmentStringId: body.reassignmentStringId,
          reason: body.reason,
        },
        actor,
      );
      done.push(summary);
    }
    return { ok: true, detail: M.reassigned(done.length), orders: done };
  });
}
