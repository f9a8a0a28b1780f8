import type { followUpsReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type FollowUpsReport = z.infer<typeof followUpsReportSchema>;

/** GET /reports/{vertical}/follow-ups/: follow-ups per order. */
export function getFollowUpsReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('follow-ups', r, signal);
}

export const followUpsReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('follow-ups', r),
    queryFn: ({ signal }) => getFollowUpsReport(r, signal),
  });

export function useFollowUpsReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...followUpsReportQueryOptions(r), enabled });
}
