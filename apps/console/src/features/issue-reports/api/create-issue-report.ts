import type { IssueReport, IssueReportCreateBody } from '@dastak/core/entities/issue-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { issueReportKeys } from './issue-report-keys';

/**
 * POST /issue-reports/: the fields and the screenshot as base64 (its type is judged by the
 * server from the bytes). The Idempotency-Key makes a retried submit file one report.
 */
export function createIssueReport(
  body: IssueReportCreateBody,
  idempotencyKey: string,
): Promise<IssueReport> {
  return api.post('/issue-reports/', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    // Field errors (order number, screenshot) show on the form, not as a toast.
    silent: true,
  });
}

export function useCreateIssueReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: IssueReportCreateBody; idempotencyKey: string }) =>
      createIssueReport(v.body, v.idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueReportKeys.all }),
  });
}
