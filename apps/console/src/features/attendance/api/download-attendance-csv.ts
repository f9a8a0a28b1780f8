import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file';

/** GET /shift/rider-shifts/csv/ with the list's current filters, saved as a file. */
export function downloadAttendanceCsv(params: Record<string, string>) {
  return downloadApiFile('/shift/rider-shifts/csv/', params, 'attendance.csv');
}

export function useDownloadAttendanceCsv() {
  return useMutation({
    mutationFn: (params: Record<string, string>) => downloadAttendanceCsv(params),
  });
}
