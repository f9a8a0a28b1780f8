import type { ReportKind } from '@dastak/core/entities/reports';
import { Alert, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { listLoadErrorText } from '../../../components/list-toolbar/url-list-state';
import { useDownloadReportCsv } from '../api/download-report-csv';
import type { ReportRequest } from '../report-filters';

/**
 * One report: its title, the chart (loaded lazily with the chart library), the table of the same
 * numbers and a 'Download CSV' of that table from the server's /csv/ route.
 */
export function ReportSection<T>({
  kind,
  title,
  request,
  query,
  children,
}: {
  kind: ReportKind;
  title: string;
  request: ReportRequest;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const download = useDownloadReportCsv();
  const error = listLoadErrorText(query.error, title.toLowerCase());
  return (
    <Paper
      component="section"
      aria-labelledby={`report-${kind}`}
      withBorder
      radius="md"
      p="md"
      data-report={kind}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4" id={`report-${kind}`}>
            {title}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={download.isPending}
            disabled={!query.data}
            aria-label={`Download CSV: ${title}`}
            onClick={() => download.mutate({ kind, request })}
          >
            Download CSV
          </Button>
        </Group>
        {query.isPending ? (
          <Loader size="sm" aria-label={`Loading ${title}`} />
        ) : error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : query.data !== undefined ? (
          children(query.data)
        ) : null}
      </Stack>
    </Paper>
  );
}
