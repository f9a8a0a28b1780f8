import type { AssignableRiders, ScoredRider } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { orderKeys } from '../../api/order-keys';

/** How the server explains a score (docs/decisions/0009-dispatch.md). */
export type ScoreBreakdown = {
  travel: number;
  lateness: number;
  load: number;
  cellCoverage: number;
  skills: number;
};

/** Every group comes scored, with the breakdown a dispatcher reads. */
export type SuggestedRider = ScoredRider & {
  breakdown: ScoreBreakdown;
  estimatedArrival: string | null;
  lateMinutes: number;
};
export type SuggestedRiders = { [K in keyof AssignableRiders]: SuggestedRider[] };

/** GET /algorithm/{vertical}/suggested-riders/{orderId}/ */
export function getSuggestedRiders(
  vertical: Vertical,
  orderId: number,
  signal?: AbortSignal,
): Promise<SuggestedRiders> {
  return api.get('/algorithm/:vertical/suggested-riders/:orderId/', {
    params: { vertical, orderId },
    signal,
  });
}

// Riders move and fill up by the minute: read fresh each time the dialog opens.
export const suggestedRidersQueryOptions = (vertical: Vertical, orderId: number) =>
  queryOptions({
    queryKey: orderKeys.suggestedRiders(vertical, orderId),
    queryFn: ({ signal }) => getSuggestedRiders(vertical, orderId, signal),
    staleTime: 0,
  });

export function useSuggestedRidersQuery(vertical: Vertical, orderId: number, enabled: boolean) {
  return useQuery({ ...suggestedRidersQueryOptions(vertical, orderId), enabled });
}
