import type { AssignmentExplanation, RiderChoice } from '@dastak/core/messages/dispatch';
import type { OrderModel, RiderModel } from '../routing/route-plan';
import {
  type GroupedEstimates,
  groupRiders,
  type RiderEstimate,
  type ScoringContext,
} from './scoring';

/**
 * Why auto-assignment chose a rider, from the same scoring the assign dialog shows
 * (groupRiders / scoreRider): the chosen rider's row of the dialog and the best other row, so the
 * activity sentence and the dialog carry the same figures. core's messages/dispatch.ts words it.
 */

/** The riders who could take the order, as the dialog lists them: Available best first, then Late. */
export const rankedCandidates = (groups: GroupedEstimates): RiderEstimate[] => [
  ...groups.availableRiders,
  ...groups.lateRiders,
];

const choice = (e: RiderEstimate, name: string): RiderChoice => ({
  riderId: e.riderId,
  name,
  score: e.totalScore,
  minutesAway: e.onRoadTime,
  lateMinutes: e.lateMinutes,
});

/**
 * The explanation for `chosenRiderId` among the scored groups; null when the dialog would not
 * list that rider as able to take the order (nothing true to say about the choice).
 */
export function explanationFromGroups(
  groups: GroupedEstimates,
  chosenRiderId: number,
  nameOf: (riderId: number) => string,
): AssignmentExplanation | null {
  const ranked = rankedCandidates(groups);
  const chosen = ranked.find((e) => e.riderId === chosenRiderId);
  if (!chosen) return null;
  const next = ranked.find((e) => e.riderId !== chosenRiderId);
  return {
    chosen: choice(chosen, nameOf(chosen.riderId)),
    nextBest: next ? choice(next, nameOf(next.riderId)) : null,
  };
}

/** Scores every rider for the order as the dialog would, then explains the choice. */
export function explainChoice(
  order: OrderModel,
  riders: readonly RiderModel[],
  ctx: ScoringContext,
  chosenRiderId: number,
  nameOf: (riderId: number) => string,
): AssignmentExplanation | null {
  return explanationFromGroups(groupRiders(order, riders, ctx), chosenRiderId, nameOf);
}

/** A rider's name as the assign dialog and the 'assigned' activity write it. */
export const riderName = (r: { firstName: string; lastName: string }) =>
  `${r.firstName} ${r.lastName}`.trim();
