import type { timingsReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type TimingsReport = z.infer<typeof timingsReportSchema>;

/** GET /reports/{vertical}/timings/: median minutes booking -> assignment -> reaching the door. */
export function getTimingsReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('timings', r, signal);
}

export const timingsReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('timings', r),
    queryFn: ({ signal }) => getTimingsReport(r, signal),
  });

export function useTimingsReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...timingsReportQueryOptions(r), enabled });
}
