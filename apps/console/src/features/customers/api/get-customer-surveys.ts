import type { CustomerSurvey } from '@dastak/core/entities/feedback';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hasMessageInFlight, MESSAGE_POLL_MS } from '../../orders/public';
import { customerKeys } from './customer-keys';

/** GET /customers/{id}/surveys/: each survey sent to the customer, newest first, with answers. */
export function getCustomerSurveys(
  customerId: number,
  signal?: AbortSignal,
): Promise<CustomerSurvey[]> {
  return api.get('/customers/:id/surveys/', { params: { id: customerId }, signal });
}

export const customerSurveysQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: customerKeys.surveys(customerId),
    queryFn: ({ signal }) => getCustomerSurveys(customerId, signal),
    refetchInterval: (query) =>
      hasMessageInFlight(query.state.data?.map((s) => s.link)) ? MESSAGE_POLL_MS : false,
  });

export function useCustomerSurveysQuery(customerId: number) {
  return useQuery(customerSurveysQueryOptions(customerId));
}
