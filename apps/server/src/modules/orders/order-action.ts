import { ORDER_MESSAGES } from '@dastak/core/messages';
import {
  type Actor,
  canTransition,
  ORDER_TRANSITIONS,
  type OrderAction,
  transitionError,
} from '@dastak/core/order-transitions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { type OrderFacts, transitionBlocker } from '@dastak/core/rules/order-guards';
import type { OrderState, Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import type { ActorContext } from '../../lib/actor';
import { forbidden, notFound, refused } from '../../lib/domain-errors';
import { recomputeRiderState, removeOrderTasks } from '../dispatch/public';
import { userNames } from '../users/public';
import { lockOrder, type OrderPatch, type OrderRow } from './orders.repository';

/** The steps every order action shares: lock, authorise, check the transition, describe. */

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
