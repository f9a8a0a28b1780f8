import type { onTimeByDayReportSchema } from '@dastak/core/entities/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportRequest } from '../report-filters';
import { fetchReport, reportKeys } from './report-request';

export type OnTimeByDayReport = z.infer<typeof onTimeByDayReportSchema>;

/** GET /reports/{vertical}/on-time-by-day/: on-time reached and collected per day (the dashboards' definition). */
export function getOnTimeByDayReport(r: ReportRequest, signal?: AbortSignal) {
  return fetchReport('on-time-by-day', r, signal);
}

export const onTimeByDayReportQueryOptions = (r: ReportRequest) =>
  queryOptions({
    queryKey: reportKeys.report('on-time-by-day', r),
    queryFn: ({ signal }) => getOnTimeByDayReport(r, signal),
  });

export function useOnTimeByDayReportQuery(r: ReportRequest, enabled = true) {
  return useQuery({ ...onTimeByDayReportQueryOptions(r), enabled });
}
