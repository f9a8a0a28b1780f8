import type { ordersByDayReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type OrdersByDayReport = z.infer<typeof ordersByDayReportSchema>;

/** GET /reports/{vertical}/orders-by-day/: orders per pickup day, by state. */
export function getOrdersByDayReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('orders-by-day', r, signal);
}

export const ordersByDayReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('orders-by-day', r),
    queryFn: ({ signal }) => getOrdersByDayReport(r, signal),
  });

export function useOrdersByDayReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...ordersByDayReportQueryOptions(r), enabled });
}
