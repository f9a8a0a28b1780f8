import type { IssueReport } from '@dastak/core/entities/issue-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { issueReportKeys } from './issue-report-keys';

/** GET /issue-reports/{id}/: the report with its comments. */
export function getIssueReport(id: number, signal?: AbortSignal): Promise<IssueReport> {
  return api.get('/issue-reports/:id/', { params: { id }, signal });
}

export const issueReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: issueReportKeys.detail(id),
    queryFn: ({ signal }) => getIssueReport(id, signal),
  });

export function useIssueReportQuery(id: number | null) {
  return useQuery({ ...issueReportQueryOptions(id ?? 0), enabled: id !== null });
}
