import type { IssueReport, IssueStatus } from '@dastak/core/entities/issue-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { issueReportKeys } from './issue-report-keys';

/** PATCH /issue-reports/{id}/ {status}: 'Can manage issue reports' only. */
export function changeIssueStatus(id: number, status: IssueStatus): Promise<IssueReport> {
  return api.patch('/issue-reports/:id/', { params: { id }, body: { status } });
}

export function useChangeIssueStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; status: IssueStatus }) => changeIssueStatus(v.id, v.status),
    onSuccess: (report) => {
      queryClient.setQueryData(issueReportKeys.detail(report.id), report);
      return queryClient.invalidateQueries({ queryKey: issueReportKeys.all });
    },
  });
}
