/**
 * What other modules may use of dispatch: rider queues, time slots, routing and the solver
 * (docs/decisions/0009-dispatch.md). Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// Candidates, cells and regions as the solver reads them; decodeQueue reads a queue snapshot.
export {
  decodeQueue,
  listCandidatesWithQueues,
  listCells,
  listRegions,
} from './dispatch.repository';
export type { DispatchConfig } from './dispatch-config';
export { DISPATCH_DEFAULTS } from './dispatch-config';
// The rider's task queue, changed by the order actions; haversineLatLngMetres measures {lat, lng}.
export {
  addCompletedOrders,
  addPickupTask,
  completeDelivery,
  completePickupAndQueueDelivery,
  countTasksInHand,
  haversineMetres as haversineLatLngMetres,
  lockRider,
  pendingDeliveryCenters,
  recomputeRiderState,
  refreshQueueSnapshots,
  removeOrderTasks,
} from './queue/rider-queue.repository';
// The solver and its inputs, for bulk reassign.
export { solveAssignments } from './routing/auto-assign';
export type { Point } from './routing/distance';
// Distances and travel times of the route model.
export { haversineMetres, roadLeg, travelAmong } from './routing/distance';
export type { RiderModel, TravelFn } from './routing/route-plan';
// A rider's route through their queue (dashboards' and live location's ETAs).
export { planRoute } from './routing/route-plan';
export { riderName } from './suggested/assignment-explanation';
export { toOrderModel, toRiderModels } from './suggested/rider-models';
export { cellContext, RIDER_GROUPS } from './suggested/scoring';
export { groupCandidates } from './suggested/suggested-riders.service';
export { listBookings } from './time-slots/time-slots.repository';
// Time-slot capacity: orders claim a slot, shifts plan for demand.
export {
  claimTimeSlot,
  DEFAULT_SLOT_LENGTH,
  shiftsOf,
  slotCapacity,
} from './time-slots/time-slots.service';
