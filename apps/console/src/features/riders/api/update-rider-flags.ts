import type { Rider, RiderFlags } from '@dastak/core/entities/riders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

/** The answer carries the flags as stored, so the screen shows the server's truth at once. */
export type RiderFlagsResponse = Pick<Rider, 'isOnDuty' | 'isWildcard' | 'isCovid'> & {
  detail: string;
};

/** PATCH /entity/riders/mark_off_duty/{id}/: duty, wildcard or covid (spec §7). */
export function updateRiderFlags(id: number, flags: RiderFlags): Promise<RiderFlagsResponse> {
  return api.patch('/entity/riders/mark_off_duty/:id/', { params: { id }, body: flags });
}

export function useUpdateRiderFlagsMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: RiderFlags) => updateRiderFlags(id, flags),
    onSuccess: ({ isOnDuty, isWildcard, isCovid }) => {
      queryClient.setQueryData<Rider>(riderKeys.detail(id), (rider) =>
        rider ? { ...rider, isOnDuty, isWildcard, isCovid } : rider,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: riderKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: riderKeys.lists() }),
      ]);
    },
  });
}
