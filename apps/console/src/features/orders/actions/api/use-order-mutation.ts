import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../api/order-keys';

/** The short answer of every order action: the toast text and the order as it now stands. */
export type OrderActionReply = {
  detail: string;
  id: number;
  number: string;
  state: string;
  pickup: string;
  assignedRider: { id: number; name: string } | null;
};

/**
 * Every order action ends the same way: lists, the detail, its activity log and the riders'
 * queues all refetch (orderKeys.all). The api client has already toasted a failure.
 */
export function useOrderMutation<TVariables, TData = OrderActionReply>(
  mutationFn: MutationFunction<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
