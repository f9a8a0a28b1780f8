import type { satisfactionReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type SatisfactionReport = z.infer<typeof satisfactionReportSchema>;

/** GET /reports/{vertical}/satisfaction/: order reviews and surveys answered in the range. */
export function getSatisfactionReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('satisfaction', r, signal);
}

export const satisfactionReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('satisfaction', r),
    queryFn: ({ signal }) => getSatisfactionReport(r, signal),
  });

export function useSatisfactionReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...satisfactionReportQueryOptions(r), enabled });
}
