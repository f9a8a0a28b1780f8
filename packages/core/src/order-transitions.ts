import { AUTO_ASSIGN_HORIZON_MINUTES } from './constants';
import { actionNotForVertical, illegalTransition } from './messages';
import { PERMISSIONS, type PermissionName } from './permissions';
import {
  ACTIVE_STATES,
  CANCELLABLE_STATES,
  MANUALLY_ASSIGNABLE_STATES,
  ORDER_STATE_LABELS,
  type OrderState,
  REASSIGNABLE_STATES,
  VERTICAL_LABELS,
  VERTICALS,
  type Vertical,
} from './states';

/** The order state machine as data (docs/decisions/0003-order-state-machine.md). */

export const ORDER_ACTIONS = [
  'create',
  'verify',
  'assign',
  'reassign',
  'reached',
  'collected',
  'delivered',
  'deliver',
  'offlineInProgress',
  'problem',
  'reschedule',
  'cancel',
  'followUp',
  'assignmentFailed',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who acts: a staff permission, the rider on the order, or the server's own jobs. */
export type Actor = PermissionName | 'rider' | 'system';

/** Facts a transition's target state depends on. */
export type TransitionContext = {
  /** create: an unverified or invalid address sends the order to 'unverified'. */
  addressVerified?: boolean;
  addressValid?: boolean;
  /** create/verify: a pickup beyond the horizon waits in 'scheduled'. */
  pickup?: Date;
  now?: Date;
  horizonMinutes?: number;
};

type Rule = { actor: Actor; from: readonly OrderState[] };

export type OrderTransition = {
  /** Verb phrase for the 409 message: "Cannot {label} an order that is {state}." */
  label: string;
  rules: readonly Rule[];
  /** null: the action writes an activity row but leaves the state alone. */
  to: OrderState | null | ((ctx: TransitionContext) => OrderState);
  verticals: readonly Vertical[];
  verb: ActivityVerb;
  /** Activity description; {actor}, {rider}, {reason}, ... are filled by describeActivity. */
  description: string;
  /** The assigned rider is released (and the rider's queue recomputed). */
  unassignsRider: boolean;
};

const isBeyondHorizon = (ctx: TransitionContext) => {
  if (!ctx.pickup) return false;
  const now = ctx.now ?? new Date();
  const horizon = ctx.horizonMinutes ?? AUTO_ASSIGN_HORIZON_MINUTES;
  return ctx.pickup.getTime() - now.getTime() > horizon * 60_000;
};

const afterVerification = (ctx: TransitionContext): OrderState =>
  isBeyondHorizon(ctx) ? 'scheduled' : 'needsAssignment';

const ALL = VERTICALS;
const P = PERMISSIONS;

type TransitionRow = Omit<OrderTransition, 'verticals' | 'unassignsRider'> &
  Partial<Pick<OrderTransition, 'verticals' | 'unassignsRider'>>;

/** Rows default to both verticals and keep the rider. */
const row = (r: TransitionRow): OrderTransition => ({
  verticals: ALL,
  unassignsRider: false,
  ...r,
});

export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  create: row({
    label: 'create',
    rules: [{ actor: P.CAN_ADD_ORDER, from: [] }],
    to: (ctx) =>
      ctx.addressVerified === false || ctx.addressValid === false
        ? 'unverified'
        : afterVerification(ctx),
    verb: 'created',
    description: 'Order created by {actor}',
  }),
  verify: row({
    label: 'verify',
    rules: [{ actor: P.CAN_VERIFY_ORDER, from: ['unverified'] }],
    to: afterVerification,
    verb: 'verified',
    description: 'Order verified by {actor}',
  }),
  assign: row({
    label: 'assign',
    rules: [
      { actor: P.CAN_ASSIGN_ORDER, from: MANUALLY_ASSIGNABLE_STATES },
      { actor: 'system', from: ['scheduled', 'needsAssignment'] },
    ],
    to: 'assigned',
    verb: 'assigned',
    description: 'Assigned to {rider} by {actor}',
  }),
  reassign: row({
    label: 're-assign',
    rules: [{ actor: P.CAN_ASSIGN_ORDER, from: REASSIGNABLE_STATES }],
    to: 'assigned',
    verb: 'reassigned',
    description: 'Re-assigned from {previousRider} to {rider} by {actor}: {reason}',
    unassignsRider: true,
  }),
  reached: row({
    label: 'mark reached',
    rules: [{ actor: 'rider', from: ['assigned'] }],
    to: 'reached',
    verb: 'reached',
    description: '{rider} reached the patient',
  }),
  collected: row({
    label: 'mark collected',
    rules: [{ actor: 'rider', from: ['reached'] }],
    to: 'collected',
    verb: 'collected',
    // {tubes}: ' (tubes T-1, T-2)' when the rider scanned tube labels (ADR 0062).
    description: '{rider} collected the order{tubes}',
  }),
  delivered: row({
    label: 'mark delivered',
    rules: [{ actor: 'rider', from: ['collected'] }],
    to: 'delivered',
    verb: 'delivered',
    description: '{rider} delivered the order at {collectionCenter}',
  }),
  deliver: row({
    label: 'deliver',
    rules: [{ actor: P.CAN_DELIVER_ORDER, from: ['collected', 'offlineInProgress'] }],
    to: 'delivered',
    verticals: ['blood'],
    verb: 'delivered',
    description: 'Order marked as delivered by {actor}',
  }),
  offlineInProgress: row({
    label: 'move in progress',
    rules: [{ actor: P.CAN_CHANGE_ORDER, from: ['scheduled', 'needsAssignment', 'problem'] }],
    to: 'offlineInProgress',
    verb: 'offlineInProgress',
    description: 'Order marked in progress by {actor}',
  }),
  problem: row({
    label: 'report a problem on',
    rules: [
      { actor: 'rider', from: ['assigned', 'reached'] },
      // Auto-assignment escalates any waiting order it cannot serve in time, scheduled ones too.
      { actor: 'system', from: ['scheduled', 'needsAssignment', 'assigned'] },
    ],
    to: 'problem',
    verb: 'problem',
    description: 'Problem reported by {actor}: {reason}',
    unassignsRider: true,
  }),
  reschedule: row({
    label: 'reschedule',
    rules: [{ actor: P.CAN_RESCHEDULE_ORDER, from: ACTIVE_STATES }],
    to: 'scheduled',
    verb: 'rescheduled',
    description: 'Rescheduled to {pickup} by {actor}: {reason}',
    unassignsRider: true,
  }),
  cancel: row({
    label: 'cancel',
    rules: [{ actor: P.CAN_CANCEL_ORDER, from: CANCELLABLE_STATES }],
    to: 'cancelled',
    verb: 'cancelled',
    description: 'Cancelled by {actor}: {reason}',
    unassignsRider: true,
  }),
  followUp: row({
    label: 'follow up',
    rules: [{ actor: P.CAN_CHANGE_ORDER, from: CANCELLABLE_STATES }],
    to: null,
    verb: 'followUp',
    description: 'Follow up by {actor}: {reason}',
  }),
  assignmentFailed: row({
    label: 'auto-assign',
    rules: [{ actor: 'system', from: ['scheduled', 'needsAssignment'] }],
    to: null,
    verb: 'assignmentFailed',
    description: 'Auto-assignment found no rider: {reason}',
  }),
};

/** States an action starts from, for one actor or any. */
export function fromStates(action: OrderAction, actor?: Actor): OrderState[] {
  const rules = ORDER_TRANSITIONS[action].rules.filter((r) => !actor || r.actor === actor);
  return [...new Set(rules.flatMap((r) => r.from))];
}

/** Whether the table allows the action from this state (null: no order yet) for the vertical. */
export function canTransition(
  action: OrderAction,
  state: OrderState | null,
  vertical: Vertical,
  actor?: Actor,
): boolean {
  const t = ORDER_TRANSITIONS[action];
  if (!t.verticals.includes(vertical)) return false;
  if (action === 'create') return state === null;
  return state !== null && fromStates(action, actor).includes(state);
}

/** The state after the action; unchanged for follow-up. Assumes canTransition was checked. */
export function nextState(
  action: OrderAction,
  state: OrderState | null,
  ctx: TransitionContext = {},
): OrderState {
  const { to } = ORDER_TRANSITIONS[action];
  if (typeof to === 'function') return to(ctx);
  return to ?? (state as OrderState);
}

/** The 409 detail for an action refused in this state (or, given one, for the vertical). */
export function transitionError(
  action: OrderAction,
  state: OrderState,
  vertical?: Vertical,
): string {
  const t = ORDER_TRANSITIONS[action];
  if (vertical && !t.verticals.includes(vertical)) {
    return actionNotForVertical(t.label, VERTICAL_LABELS[vertical]);
  }
  return illegalTransition(t.label, ORDER_STATE_LABELS[state]);
}

/** Activity verbs; the transition verbs plus edits that change no state. */
export const ACTIVITY_VERBS = [
  'created',
  'verified',
  'assigned',
  'reassigned',
  'reached',
  'collected',
  'delivered',
  'offlineInProgress',
  'problem',
  'rescheduled',
  'cancelled',
  'followUp',
  'assignmentFailed',
  /**
   * Why auto-assignment chose its rider: written with the 'assigned' row of an
   * automatic assignment, in the same transaction; changes no state, so it is no action of the
   * table above (messages/dispatch.ts words it).
   */
  'assignmentExplained',
  'followUpAddressed',
  'reviewed',
  'notesUpdated',
  'testsUpdated',
  'addressDeleted',
  /** A customer link texted (live location, review, survey; also a resend; ADR 0038). */
  'linkSent',
  /** The handover at a centre missed a tube or met an unknown one (ADR 0062); no state change. */
  'tubesFlagged',
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

export type ActivityTint = 'issue' | 'completed' | 'default';

const ISSUE_VERBS: readonly string[] = ['problem', 'assignmentFailed', 'followUp', 'tubesFlagged'];

/** Order activity rows are tinted issue for problems, failed assignment, follow-ups and tube flags. */
export function activityTint(verb: string): ActivityTint {
  if (ISSUE_VERBS.includes(verb)) return 'issue';
  return verb === 'delivered' ? 'completed' : 'default';
}

/** Fills an action's description; an empty reason drops its trailing ': '. */
export function describeActivity(
  action: OrderAction,
  values: Partial<Record<string, string>>,
): string {
  return ORDER_TRANSITIONS[action].description
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
    .replace(/:\s*$/, '')
    .trim();
}
