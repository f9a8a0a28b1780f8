import type { TimeSlotsQuery } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { useQuery } from '@tanstack/react-query';
import { getTimeSlots } from '../../orders/public';

/** Free slots for a new order; keyed by everything that changes them, always read fresh. */
export function useCreateTimeSlotsQuery(vertical: Vertical, body: TimeSlotsQuery | null) {
  return useQuery({
    queryKey: ['order-create', 'time-slots', vertical, body] as const,
    queryFn: ({ signal }) => getTimeSlots(vertical, body as TimeSlotsQuery, signal),
    enabled: body !== null,
    staleTime: 0,
  });
}
