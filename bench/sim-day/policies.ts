import type { DispatchConfig } from '../../apps/server/src/modules/dispatch/dispatch-config';
import {
  greedyCheapestOnTime,
  greedyNearest,
} from '../../apps/server/src/modules/dispatch/routing/assignment-baselines';
import {
  type SolveInput,
  type SolveResult,
  solveAssignments,
} from '../../apps/server/src/modules/dispatch/routing/auto-assign';

/**
 * The ways of dispatching a day that the simulation compares. Each is the production code (or
 * its yardstick) run on the models the simulation builds every job period.
 */
export interface Policy {
  name: string;
  solve: (input: SolveInput) => SolveResult;
  /**
   * Assigned pickups the rider has not started (not at the door, not riding to it) go back into
   * each run, so a better rider can take them over; ones nobody else takes stay where they were.
   */
  replansHeld: boolean;
  /** Tunables this policy runs with instead of the defaults. */
  config?: Partial<DispatchConfig>;
}

export const POLICIES: readonly Policy[] = [
  { name: 'nearest free rider', solve: greedyNearest, replansHeld: false },
  { name: 'greedy on-time insertion', solve: greedyCheapestOnTime, replansHeld: false },
  { name: 'joint solver', solve: solveAssignments, replansHeld: false },
  { name: 'joint solver + re-plan', solve: solveAssignments, replansHeld: true },
  {
    name: 'joint, free sequence*',
    solve: (input) => solveAssignments({ ...input, sequence: 'free' }),
    replansHeld: false,
  },
  {
    name: 'joint+re-plan, free seq*',
    solve: (input) => solveAssignments({ ...input, sequence: 'free' }),
    replansHeld: true,
  },
];
