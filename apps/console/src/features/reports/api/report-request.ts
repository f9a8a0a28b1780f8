import type { Reply } from '@dastak/core/api-replies';
import type { ReportKind } from '@dastak/core/entities/reports';
import { api } from '../../../lib/api-client';
import type { ReportRequest } from '../report-filters';

/** Query keys of the reports: one per report and request, all under `reportKeys.all`. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, r: ReportRequest) =>
    ['reports', kind, r.vertical, r.regions.join(','), r.dateFrom, r.dateTo] as const,
};

/** GET /reports/{vertical}/{kind}/?regions=&date_from=&date_to= (core entities/reports.ts). */
export function fetchReport<K extends ReportKind>(
  kind: K,
  r: ReportRequest,
  signal?: AbortSignal,
): Promise<Reply<`GET /reports/:vertical/${K}/`>> {
  // One of the eight report calls: the union of their replies, narrowed to the one asked for.
  const path: `/reports/:vertical/${ReportKind}/` = `/reports/:vertical/${kind}/`;
  return api.get(path, {
    params: { vertical: r.vertical },
    query: {
      regions: r.regions.length > 0 ? r.regions : undefined,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
    },
    signal,
  }) as Promise<Reply<`GET /reports/:vertical/${K}/`>>;
}
