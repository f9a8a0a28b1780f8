import type { reasonsReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type ReasonsReport = z.infer<typeof reasonsReportSchema>;

/** GET /reports/{vertical}/reasons/: cancellations and reschedules by reason. */
export function getReasonsReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('reasons', r, signal);
}

export const reasonsReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('reasons', r),
    queryFn: ({ signal }) => getReasonsReport(r, signal),
  });

export function useReasonsReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...reasonsReportQueryOptions(r), enabled });
}
