import type { Vertical } from '@dastak/core/states';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file';

/** GET /orders/{vertical}/csv/ with the list's current filter parameters, saved as a file. */
export function downloadOrdersCsv(vertical: Vertical, params: Record<string, string>) {
  return downloadApiFile(`/orders/${vertical}/csv/`, params, `${vertical}-orders.csv`);
}

export function useDownloadOrdersCsv(vertical: Vertical) {
  return useMutation({
    mutationFn: (params: Record<string, string>) => downloadOrdersCsv(vertical, params),
  });
}
