import { ORDER_MESSAGES } from '@dastak/core/messages';
import {
  type Actor,
  canTransition,
  describeActivity,
  nextState,
  ORDER_TRANSITIONS,
  type OrderAction,
  type TransitionContext,
  transitionError,
} from '@dastak/core/order-transitions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { type OrderFacts, transitionBlocker } from '@dastak/core/rules/order-guards';
import type { OrderState, Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import { type ActorContext, actorUserId } from '../../lib/actor';
import { forbidden, invalidField, notFound, refused } from '../../lib/domain-errors';
import { lockRider, recomputeRiderState, removeOrderTasks } from '../dispatch/public';
import {
  type ActivityInsert,
  activityRow,
  actorName,
  insertActivities,
} from '../order-activities/public';
import { userNames } from '../users/public';
import { findLookup } from './order-references.repository';
import { lockOrder, type OrderPatch, type OrderRow, updateOrder } from './orders.repository';

/**
 * The steps every order action shares: lock, authorise, check the transition, write, log,
 * describe. `runOrderAction` puts them together (docs/decisions/0061-order-actions.md); the
 * pieces stay exported for the actions of another shape (several orders at once, no write).
 */

/** Locks the order; an unknown id or an order of another vertical is 'Not found.'. */
export async function loadOrder(tx: DbOrTx, orderId: number, vertical?: Vertical) {
  const order = await lockOrder(tx, orderId);
  if (!order || (vertical && order.vertical !== vertical)) throw notFound();
  return order;
}

/**
 * The role under which the actor may take the action (403 otherwise): staff through one of the
 * action's permissions, a rider only on an order assigned to them, the system on its own rules.
 */
export function authorize(actor: ActorContext, action: OrderAction, order: OrderRow): Actor {
  const roles = ORDER_TRANSITIONS[action].rules.map((r) => r.actor);
  if (actor.kind === 'staff') {
    const role = roles.find(
      (r) => r !== 'rider' && r !== 'system' && actor.permissions.includes(r),
    );
    if (!role) throw forbidden();
    return role;
  }
  if (actor.kind === 'rider') {
    if (!roles.includes('rider')) throw forbidden();
    // The rider app's own pre-check answers this too; under the lock it can only differ when a
    // dispatcher took the order away meanwhile, and the rider gets the same answer (ADR 0034).
    if (order.assignedRiderId !== actor.userId) {
      throw forbidden(ORDER_MESSAGES.NOT_ASSIGNED_TO_YOU);
    }
    return 'rider';
  }
  if (!roles.includes('system')) throw forbidden();
  return 'system';
}

/** 409 naming the state (or the vertical, or the guard) when the table refuses the action. */
export function checkTransition(
  action: OrderAction,
  order: OrderRow,
  role: Actor,
  facts: OrderFacts = {},
) {
  const vertical = order.vertical as Vertical;
  const state = order.state as OrderState;
  if (!ORDER_TRANSITIONS[action].verticals.includes(vertical)) {
    throw refused(transitionError(action, state, vertical));
  }
  if (!canTransition(action, state, vertical, role)) {
    throw refused(transitionError(action, state));
  }
  const blocker = transitionBlocker(
    action,
    {
      fulfillmentMethod: order.fulfillmentMethod as OrderFacts['fulfillmentMethod'],
      allowManualAssignment: order.allowManualAssignment,
      pickup: order.pickup,
      ...facts,
    },
    role,
  );
  if (blocker) throw refused(blocker);
}

/** Lock, authorise and check in one call: what most actions start with. */
export async function beginAction(
  tx: DbOrTx,
  action: OrderAction,
  actor: ActorContext,
  target: { orderId: number; vertical?: Vertical },
  facts?: OrderFacts,
) {
  const order = await loadOrder(tx, target.orderId, target.vertical);
  const role = authorize(actor, action, order);
  checkTransition(action, order, role, facts);
  return { order, role };
}

/** The action's reason from the lookups of the order's vertical; unknown: 400 on `{kind}StringId`. */
export async function requireLookup(
  tx: DbOrTx,
  kind: 'problem' | 'cancellation' | 'reassignment' | 'reschedule',
  id: number,
  order: { vertical: Vertical },
) {
  const lookup = await findLookup(tx, id, kind, order.vertical);
  if (!lookup) throw invalidField(`${kind}StringId`, ORDER_MESSAGES.UNKNOWN_REFERENCE);
  return lookup;
}

/** A lookup's text plus the free text, as the activity's {reason}. */
export const reasonText = (lookupText: string | undefined, free: string | null | undefined) =>
  [lookupText, free?.trim()].filter(Boolean).join(' - ');

/**
 * Takes the order off its rider's queue and recomputes the rider's state; returns the fields
 * that clear the assignment. The rider row is locked after the order row (lock order rule).
 */
export async function releaseRider(tx: DbOrTx, order: OrderRow): Promise<OrderPatch> {
  const riders = await removeOrderTasks(tx, order.id);
  if (order.assignedRiderId && !riders.includes(order.assignedRiderId)) {
    riders.push(order.assignedRiderId);
  }
  for (const riderId of riders.sort((a, b) => a - b)) await recomputeRiderState(tx, riderId);
  return { assignedRiderId: null, assignedAt: null, expectedReachAt: null };
}

export type OrderSummary = {
  id: number;
  number: string;
  state: OrderState;
  pickup: string;
  assignedRider: { id: number; name: string } | null;
};

export async function summarize(tx: DbOrTx, order: OrderRow): Promise<OrderSummary> {
  const riderId = order.assignedRiderId;
  const names = await userNames(tx, [riderId]);
  return {
    id: order.id,
    number: order.number,
    state: order.state as OrderState,
    pickup: toKarachiIso(order.pickup),
    assignedRider: riderId ? { id: riderId, name: names.get(riderId) ?? '' } : null,
  };
}

/** The order's row after the action's write: the next state, the patch, who changed it. */
export function writeOrderState(
  tx: DbOrTx,
  action: OrderAction,
  order: OrderRow,
  patch: OrderPatch,
  actor: ActorContext,
  next?: TransitionContext,
): Promise<OrderRow> {
  // An action that leaves the state alone (follow-up) writes its patch only.
  const state =
    ORDER_TRANSITIONS[action].to === null
      ? {}
      : { state: nextState(action, order.state as OrderState, next) };
  return updateOrder(tx, order.id, { ...patch, ...state }, actorUserId(actor));
}

/** The action's own activity row: its verb, its description filled with `values`. */
export const actionRow = (
  action: OrderAction,
  order: { id: number },
  actor: ActorContext,
  values: Partial<Record<string, string>>,
  data?: Record<string, unknown>,
): ActivityInsert =>
  activityRow(order, ORDER_TRANSITIONS[action].verb, describeActivity(action, values), actor, data);

export type LockedRider = NonNullable<Awaited<ReturnType<typeof lockRider>>>;

export type OrderActionSpec = {
  action: OrderAction;
  actor: ActorContext;
  target: { orderId: number; vertical?: Vertical | undefined };
  /** The reply's sentence. */
  detail: string;
  /** Guard facts beyond the order row (core rules/order-guards), read under the order's lock. */
  facts?: (tx: DbOrTx, order: OrderRow) => OrderFacts | Promise<OrderFacts>;
  /**
   * Riders the action touches besides the one it releases (the table's `unassignsRider`): the
   * rider it assigns, the rider whose queue it moves. Locked after the order, in id order.
   */
  riders?: (order: OrderRow) => readonly (number | null)[];
};

export type OrderActionContext = {
  tx: DbOrTx;
  /** The order as locked, before the action. */
  order: OrderRow;
  /** The actor as the activity names them ({actor}). */
  actorName: string;
  /** The riders of `spec.riders` and the released rider, as locked; a missing row is absent. */
  riders: ReadonlyMap<number, LockedRider>;
  /**
   * Writes the next state and the patch; an action that unassigns releases its rider first (the
   * patch may assign another). Called once; an action that changes the state must call it.
   */
  update: (patch?: OrderPatch, next?: TransitionContext) => Promise<OrderRow>;
};

export type OrderActionLog = {
  /** Description values besides {actor}. */
  describe?: Partial<Record<string, string>>;
  /** The action row's data. */
  data?: Record<string, unknown>;
  /** Rows logged after the action's own, in the same insert. */
  rows?: ActivityInsert[];
  /** Work after the activity rows: customer links texted, which log rows of their own. */
  after?: (updated: OrderRow) => Promise<void>;
};

/** What the action adds to the skeleton; without one, the action only writes its next state. */
export type OrderActionStep = (ctx: OrderActionContext) => Promise<OrderActionLog>;

export type OrderActionResult = OrderSummary & { detail: string };

/**
 * One order action in its own transaction: see `runOrderActionInTx`. Routes, the rider app and
 * the jobs all reach an order action through here.
 */
export function runOrderAction(
  db: Db,
  spec: OrderActionSpec,
  step?: OrderActionStep,
): Promise<OrderActionResult> {
  return db.transaction((tx) => runOrderActionInTx(tx, spec, step));
}

/**
 * The skeleton of an order action, inside the caller's transaction (bulk reassign runs several in
 * one): lock the order, authorise, check the transition (with `spec.facts`), then lock the riders
 * it touches in ascending id order (the lock order: the order, then riders by id, so crossing
 * actions cannot deadlock); the step does the action's own work and calls `update`; then the
 * action's activity row and the step's rows (their insert publishes the order to the live
 * dashboards on commit, order-activities), the step's `after`, and the reply. A step that throws
 * rolls the whole action back: no state change, no activity row.
 */
export async function runOrderActionInTx(
  tx: DbOrTx,
  spec: OrderActionSpec,
  step: OrderActionStep = async ({ update }) => {
    await update();
    return {};
  },
): Promise<OrderActionResult> {
  const { action, actor } = spec;
  const transition = ORDER_TRANSITIONS[action];
  const order = await loadOrder(tx, spec.target.orderId, spec.target.vertical);
  const role = authorize(actor, action, order);
  checkTransition(action, order, role, await spec.facts?.(tx, order));
  const riderIds = [
    ...(spec.riders?.(order) ?? []),
    transition.unassignsRider ? order.assignedRiderId : null,
  ].filter((id): id is number => id !== null);
  const riders = new Map<number, LockedRider>();
  for (const id of [...new Set(riderIds)].sort((a, b) => a - b)) {
    const rider = await lockRider(tx, id);
    if (rider) riders.set(id, rider);
  }
  const name = await actorName(tx, actor);
  let updated: OrderRow | undefined;
  const update = async (patch: OrderPatch = {}, next?: TransitionContext) => {
    if (updated) throw new Error(`order action ${action}: update called twice`);
    const released = transition.unassignsRider ? await releaseRider(tx, order) : {};
    updated = await writeOrderState(tx, action, order, { ...released, ...patch }, actor, next);
    return updated;
  };
  const log = await step({ tx, order, actorName: name, riders, update });
  if (!updated && transition.to !== null) {
    throw new Error(`order action ${action} changes the state but wrote no order`);
  }
  const current = updated ?? order;
  await insertActivities(tx, [
    actionRow(action, order, actor, { actor: name, ...log.describe }, log.data),
    ...(log.rows ?? []),
  ]);
  await log.after?.(current);
  return { detail: spec.detail, ...(await summarize(tx, current)) };
}
