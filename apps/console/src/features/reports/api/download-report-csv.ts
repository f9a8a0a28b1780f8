import type { ReportKind } from '@dastak/core/entities/reports';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file';
import { type ReportRequest, reportApiParams } from '../report-filters';

/** GET /reports/{vertical}/{kind}/csv/ with the page's filters, saved as the server names it. */
export function downloadReportCsv(kind: ReportKind, r: ReportRequest) {
  return downloadApiFile(
    `/reports/${r.vertical}/${kind}/csv/`,
    reportApiParams(r),
    `${r.vertical}-${kind}-${r.dateFrom}-${r.dateTo}.csv`,
  );
}

export function useDownloadReportCsv() {
  return useMutation({
    mutationFn: ({ kind, request }: { kind: ReportKind; request: ReportRequest }) =>
      downloadReportCsv(kind, request),
  });
}
