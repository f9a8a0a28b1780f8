import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session';
import { issueReportKeys } from './issue-report-keys';

const fetchImage = (url: string, signal?: AbortSignal) => {
  const token = getAccessToken();
  return fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
};

/**
 * GET /issue-reports/{id}/screenshot/ as a Blob: the call needs the bearer token, so an <img>
 * cannot load it by URL. An expired token is refreshed through the api client, then retried.
 */
export async function getIssueScreenshot(id: number, signal?: AbortSignal): Promise<Blob> {
  const url = `${API_BASE}/issue-reports/${id}/screenshot/`;
  let response = await fetchImage(url, signal);
  if (response.status === 401) {
    await api.get('/auth/me/', { silent: true });
    response = await fetchImage(url, signal);
  }
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.blob();
}

export const issueScreenshotQueryOptions = (id: number) =>
  queryOptions({
    queryKey: issueReportKeys.screenshot(id),
    queryFn: ({ signal }) => getIssueScreenshot(id, signal),
    // A report's screenshot never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useIssueScreenshotQuery(id: number, enabled: boolean) {
  return useQuery({ ...issueScreenshotQueryOptions(id), enabled });
}
