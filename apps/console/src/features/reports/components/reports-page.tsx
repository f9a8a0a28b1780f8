import { Alert, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RefreshButton } from '../../../components/list-toolbar/list-toolbar-buttons';
import { useUrlFilters } from '../../../components/list-toolbar/url-list-state';
import { EmbeddedOr } from '../../embeds/public';
import { reportKeys } from '../api/report-request';
import {
  reportFiltersFromQuery,
  reportFiltersToQuery,
  reportRangeError,
  reportRequestOf,
} from '../report-filters';
import {
  OnTimeByDayReport,
  OrdersByDayReport,
  ReasonsReportSection,
  TimingsReport,
} from './order-reports';
import { FollowUpsReport, RevenueReport, RidersReport, SatisfactionReport } from './people-reports';
import { ReportFilterBar } from './report-filter-bar';

const TITLE = 'Reporting Dashboard';

/**
 * /reporting-dashboard (ADR 0040): the team's own tool in a frame when the server has
 * REPORTING_URL, else the built-in reports.
 */
export function ReportsPage() {
  return (
    <EmbeddedOr title={TITLE} embed="reportingUrl">
      <BuiltInReports />
    </EmbeddedOr>
  );
}

function BuiltInReports() {
  const { filters, apply } = useUrlFilters(reportFiltersFromQuery, reportFiltersToQuery, 'range');
  const queryClient = useQueryClient();
  // Keyed on the query string, so "today" is read again when the filters change.
  const request = useMemo(() => reportRequestOf(filters), [filters]);
  const rangeError = reportRangeError(request);
  const refreshing = useIsFetching({ queryKey: reportKeys.all }) > 0;

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {TITLE}
        </Title>
        <RefreshButton
          loading={refreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: reportKeys.all })}
        />
      </Group>
      <ReportFilterBar filters={filters} range={request} rangeError={rangeError} onChange={apply} />
      {rangeError ? (
        <Alert color="red" variant="light" title="These dates cannot be reported">
          {rangeError}
        </Alert>
      ) : (
        <>
          <OrdersByDayReport request={request} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <OnTimeByDayReport request={request} />
            <TimingsReport request={request} />
          </SimpleGrid>
          <ReasonsReportSection request={request} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <FollowUpsReport request={request} />
            <SatisfactionReport request={request} />
          </SimpleGrid>
          <RevenueReport request={request} />
          <RidersReport request={request} />
        </>
      )}
    </Stack>
  );
}
