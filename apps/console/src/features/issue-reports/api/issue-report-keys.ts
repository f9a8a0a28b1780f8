/** Query keys of issue reporting; every mutation invalidates under `all`. */
export const issueReportKeys = {
  all: ['issue-reports'] as const,
  list: (params: Record<string, string | number>) => ['issue-reports', 'list', params] as const,
  detail: (id: number) => ['issue-reports', 'detail', id] as const,
  screenshot: (id: number) => ['issue-reports', 'screenshot', id] as const,
};
