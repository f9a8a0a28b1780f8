import { ERRORS } from '@dastak/core/messages';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';

function fetchCsv(url: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(url, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

async function errorDetail(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}

/** 'attachment; filename="attendance.csv"' -> 'attendance.csv'. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return header.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * GET /shift/rider-shifts/csv/ with the list's current filters, saved as a file. The call needs
 * the bearer token, so it is fetched (not navigated to) and handed to the browser as a Blob
 * download, as the orders list does. An expired token is refreshed through the api client, then
 * retried once.
 */
export async function downloadAttendanceCsv(params: Record<string, string>): Promise<void> {
  const url = `${API_BASE}/shift/rider-shifts/csv/?${new URLSearchParams(params).toString()}`;
  let response: Response;
  try {
    response = await fetchCsv(url);
    if (response.status === 401) {
      // Any api-client call refreshes an expired access token (or ends the session).
      await api.get('/auth/me/', { silent: true });
      response = await fetchCsv(url);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    showErrorToast(ERRORS.NETWORK);
    throw new ApiError(0, ERRORS.NETWORK);
  }
  if (!response.ok) {
    const detail = await errorDetail(response);
    showErrorToast(response.status >= 500 ? ERRORS.SERVER : (detail ?? ERRORS.GENERIC));
    throw new ApiError(response.status, detail);
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, 'attendance.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; release it once that has started.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

export function useDownloadAttendanceCsv() {
  return useMutation({
    mutationFn: (params: Record<string, string>) => downloadAttendanceCsv(params),
  });
}
