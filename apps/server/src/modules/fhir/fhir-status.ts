import { ORDER_STATES, type OrderState } from '@dastak/core/states';
import type { ServiceRequest, Task } from 'fhir/r4';

/**
 * Order state -> FHIR status, in one place (docs/decisions/0068-fhir.md). The Task is the home
 * visit: requested until a rider has it, accepted when assigned, in progress at the door,
 * completed once the sample is taken. The ServiceRequest is the lab's order as Dastak fulfils
 * it: active until the sample reaches the lab (delivered: completed), revoked when cancelled.
 */
type TaskStatus = Task['status'];
type RequestStatus = ServiceRequest['status'];

const TASK_STATUS: Record<OrderState, TaskStatus> = {
  unverified: 'draft',
  scheduled: 'requested',
  needsAssignment: 'requested',
  assigned: 'accepted',
  reached: 'in-progress',
  offlineInProgress: 'in-progress',
  collected: 'completed',
  delivered: 'completed',
  problem: 'on-hold',
  cancelled: 'cancelled',
};

const REQUEST_STATUS: Record<OrderState, RequestStatus> = {
  unverified: 'draft',
  scheduled: 'active',
  needsAssignment: 'active',
  assigned: 'active',
  reached: 'active',
  offlineInProgress: 'active',
  collected: 'active',
  delivered: 'completed',
  problem: 'on-hold',
  cancelled: 'revoked',
};

export const taskStatusOf = (state: OrderState): TaskStatus => TASK_STATUS[state];
export const requestStatusOf = (state: OrderState): RequestStatus => REQUEST_STATUS[state];

/** Every code of the R4 value sets, so a search for a valid code Dastak never gives finds none. */
export const TASK_STATUS_CODES = [
  'draft',
  'requested',
  'received',
  'accepted',
  'rejected',
  'ready',
  'cancelled',
  'in-progress',
  'on-hold',
  'failed',
  'completed',
  'entered-in-error',
] as const;
export const REQUEST_STATUS_CODES = [
  'draft',
  'active',
  'on-hold',
  'revoked',
  'completed',
  'entered-in-error',
  'unknown',
] as const;
export const SPECIMEN_STATUS_CODES = [
  'available',
  'unavailable',
  'unsatisfactory',
  'entered-in-error',
] as const;

const statesWhere = (map: Record<OrderState, string>, codes: readonly string[]) =>
  ORDER_STATES.filter((s) => codes.includes(map[s]));

/** The order states whose Task status is one of `codes`. */
export const statesOfTaskStatus = (codes: readonly string[]) => statesWhere(TASK_STATUS, codes);
/** The order states whose ServiceRequest status is one of `codes`. */
export const statesOfRequestStatus = (codes: readonly string[]) =>
  statesWhere(REQUEST_STATUS, codes);
