import { ERRORS } from '@dastak/core/messages';
import { API_BASE, ApiError, api } from './api-client';
import { getAccessToken } from './session';
import { showErrorToast } from './toast';

function fetchWithToken(url: string, accept: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(url, {
    headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
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

/** 'attachment; filename="blood-orders.csv"' -> 'blood-orders.csv'. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return header.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * GETs an API path (e.g. '/orders/blood/csv/') with query parameters and saves the answer as a
 * file named by its Content-Disposition. The call needs the bearer token, so it is fetched (not
 * navigated to) and handed to the browser as a Blob download. An expired token is refreshed
 * through the api client, then retried once; failures toast the server's detail.
 */
export async function downloadApiFile(
  path: string,
  params: Record<string, string>,
  fallbackName: string,
  accept = 'text/csv',
): Promise<void> {
  const url = `${API_BASE}${path}?${new URLSearchParams(params).toString()}`;
  let response: Response;
  try {
    response = await fetchWithToken(url, accept);
    if (response.status === 401) {
      // Any api-client call refreshes an expired access token (or ends the session).
      await api.get('/auth/me/', { silent: true });
      response = await fetchWithToken(url, accept);
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
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; release it once that has started.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
