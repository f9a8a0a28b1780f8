import type { OrderTimeSlot } from '@dastak/core/entities/lookups';
import type { TimeSlotsQuery } from '@dastak/core/entities/order-requests';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { orderKeys } from '../../api/order-keys';

/** POST /orders/{vertical}/time-slots/ {date, region_id, is_covid, order_id, customer_address_id} */
export function getTimeSlots(
  vertical: Vertical,
  body: TimeSlotsQuery,
  signal?: AbortSignal,
): Promise<OrderTimeSlot[]> {
  return api.post('/orders/:vertical/time-slots/', { params: { vertical }, body, signal });
}

// Free slots move as other orders book them: always read fresh.
export const timeSlotsQueryOptions = (
  vertical: Vertical,
  body: TimeSlotsQuery & { orderId: number },
) =>
  queryOptions({
    queryKey: orderKeys.timeSlots(vertical, body.orderId, body.date),
    queryFn: ({ signal }) => getTimeSlots(vertical, body, signal),
    staleTime: 0,
  });

export function useTimeSlotsQuery(
  vertical: Vertical,
  body: (TimeSlotsQuery & { orderId: number }) | null,
) {
  return useQuery({
    ...timeSlotsQueryOptions(
      vertical,
      body ?? { date: '', regionId: 0, isCovid: false, orderId: 0 },
    ),
    enabled: body !== null,
  });
}
