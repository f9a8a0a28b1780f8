import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/**
 * POST /customers/{id}/surveys/{surveyId}/resend/: texts the survey's link again (a new
 * message). An expired or already answered survey answers 409, whose detail the api client toasts.
 */
export function resendCustomerSurvey(customerId: number, surveyId: number) {
  return api.post('/customers/:id/surveys/:surveyId/resend/', {
    params: { id: customerId, surveyId },
    body: {},
  });
}

export function useResendCustomerSurveyMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (surveyId: number) => resendCustomerSurvey(customerId, surveyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.surveys(customerId) }),
  });
}
