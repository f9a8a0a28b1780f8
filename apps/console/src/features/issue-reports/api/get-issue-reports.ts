import type {
  IssueCategory,
  IssueStatus,
  issueReportPageSchema,
} from '@dastak/core/entities/issue-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { issueReportKeys } from './issue-report-keys';

export type IssueReportPage = z.infer<typeof issueReportPageSchema>;
export type IssueReportFilters = { status?: IssueStatus; category?: IssueCategory; page: number };

export const ISSUE_PAGE_SIZE = 20;

/** GET /issue-reports/: the caller's own reports (a manager's: all), newest first. */
export function getIssueReports(
  filters: IssueReportFilters,
  signal?: AbortSignal,
): Promise<IssueReportPage> {
  return api.get('/issue-reports/', { query: { ...filters, pageSize: ISSUE_PAGE_SIZE }, signal });
}

export const issueReportsQueryOptions = (filters: IssueReportFilters) =>
  queryOptions({
    queryKey: issueReportKeys.list({ ...filters }),
    queryFn: ({ signal }) => getIssueReports(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useIssueReportsQuery(filters: IssueReportFilters) {
  return useQuery(issueReportsQueryOptions(filters));
}
