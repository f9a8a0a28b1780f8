import type { Vertical } from '@dastak/core/states';
import { useMutation } from '@tanstack/react-query';

/**
 * GET /orders/{vertical}/csv/ with the list's current filter parameters, saved as a file. The
 * saving code loads on the first click: the orders list is at its 200 kB budget before it shows.
 */
export async function downloadOrdersCsv(vertical: Vertical, params: Record<string, string>) {
  const { downloadApiFile } = await import('../../../lib/download-file');
  return downloadApiFile(`/orders/${vertical}/csv/`, params, `${vertical}-orders.csv`);
}

export function useDownloadOrdersCsv(vertical: Vertical) {
  return useMutation({
    mutationFn: (params: Record<string, string>) => downloadOrdersCsv(vertical, params),
  });
}
