import type { ridersReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type RidersReport = z.infer<typeof ridersReportSchema>;

/** GET /reports/{vertical}/riders/: one row per rider with work in the range. */
export function getRidersReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('riders', r, signal);
}

export const ridersReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('riders', r),
    queryFn: ({ signal }) => getRidersReport(r, signal),
  });

export function useRidersReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...ridersReportQueryOptions(r), enabled });
}
