import type { CustomerSurvey, SurveySend } from '@dastak/core/entities/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/**
 * POST /customers/{id}/surveys/ with an Idempotency-Key: makes the link and the interaction and
 * texts the customer; the key is made once per send, so a double click sends one survey.
 */
export function sendCustomerSurvey(
  customerId: number,
  body: SurveySend,
  idempotencyKey: string,
): Promise<CustomerSurvey> {
  return api.post('/customers/:id/surveys/', {
    params: { id: customerId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSendCustomerSurveyMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SurveySend; key: string }) =>
      sendCustomerSurvey(customerId, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.surveys(customerId) }),
  });
}
