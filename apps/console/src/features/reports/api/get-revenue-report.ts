import type { revenueReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** GET /reports/{vertical}/revenue/: tests ordered and PKR after discounts, of delivered orders. */
export function getRevenueReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('revenue', r, signal);
}

export const revenueReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('revenue', r),
    queryFn: ({ signal }) => getRevenueReport(r, signal),
  });

export function useRevenueReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...revenueReportQueryOptions(r), enabled });
}
