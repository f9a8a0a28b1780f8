import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useFollowUpsReportQuery } from '../api/get-follow-ups-report';
import { useRevenueReportQuery } from '../api/get-revenue-report';
import { useRidersReportQuery } from '../api/get-riders-report';
import { useSatisfactionReportQuery } from '../api/get-satisfaction-report';
import type { ReportRequest } from '../report-filters';
import { formatCount, formatDecimal, formatPct, formatStars, longDay } from '../report-format';
import { CategoryBarsChart, ChartBox, DayBarsChart, DayLinesChart } from './lazy-charts';
import { ReportFigures } from './report-figures';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';

/** How many riders the chart shows (the table lists them all). */
const RIDER_CHART_TOP = 15;

export function FollowUpsReport({ request }: { request: ReportRequest }) {
  const query = useFollowUpsReportQuery(request);
  return (
    <ReportSection kind="follow-ups" title="Follow-ups" request={request} query={query}>
      {(data) => (
        <>
          <ReportFigures
            figures={[
              { label: 'Orders', value: formatCount(data.orders) },
              { label: 'Orders with a follow-up', value: formatCount(data.ordersWithFollowUp) },
              { label: 'Follow-ups', value: formatCount(data.followUps) },
              { label: 'Follow-ups per order', value: formatDecimal(data.perOrder) },
            ]}
          />
          <ChartBox label="Orders and follow-ups per day">
            <DayBarsChart
              rows={data.byDay}
              series={[
                { key: 'orders', label: 'Orders', color: '#a5d8ff' },
                { key: 'followUps', label: 'Follow-ups', color: '#1971c2' },
              ]}
            />
          </ChartBox>
          <ReportTable
            name="Follow-ups"
            rows={data.byDay}
            rowKey={(r) => r.date}
            columns={[
              { label: 'Date', cell: (r) => longDay(r.date) },
              { label: 'Orders', cell: (r) => formatCount(r.orders), numeric: true },
              { label: 'Follow-ups', cell: (r) => formatCount(r.followUps), numeric: true },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}

export function RevenueReport({ request }: { request: ReportRequest }) {
  const query = useRevenueReportQuery(request);
  return (
    <ReportSection kind="revenue" title="Tests and revenue (PKR)" request={request} query={query}>
      {(data) => (
        <>
          <ReportFigures
            figures={[
              { label: 'Revenue after discounts (PKR)', value: formatCount(data.totalPkr) },
              { label: 'Tests ordered', value: formatCount(data.tests) },
            ]}
          />
          <ChartBox label="Revenue in PKR per day, delivered orders">
            <DayBarsChart
              rows={data.byDay}
              series={[{ key: 'revenuePkr', label: 'Revenue (PKR)', color: '#2b8a3e' }]}
            />
          </ChartBox>
          <SimpleGrid cols={2} spacing="md">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                By day
              </Text>
              <ReportTable
                name="Revenue by day"
                rows={data.byDay}
                rowKey={(r) => r.date}
                columns={[
                  { label: 'Date', cell: (r) => longDay(r.date) },
                  { label: 'Orders', cell: (r) => formatCount(r.orders), numeric: true },
                  { label: 'Tests', cell: (r) => formatCount(r.tests), numeric: true },
                  { label: 'Revenue (PKR)', cell: (r) => formatCount(r.revenuePkr), numeric: true },
                ]}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                By test
              </Text>
              <ReportTable
                name="Revenue by test"
                rows={data.byTest}
                rowKey={(r) => r.code}
                columns={[
                  { label: 'Code', cell: (r) => r.code },
                  { label: 'Test', cell: (r) => r.name },
                  { label: 'Count', cell: (r) => formatCount(r.count), numeric: true },
                  { label: 'Revenue (PKR)', cell: (r) => formatCount(r.revenuePkr), numeric: true },
                ]}
              />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </ReportSection>
  );
}

export function RidersReport({ request }: { request: ReportRequest }) {
  const query = useRidersReportQuery(request);
  return (
    <ReportSection kind="riders" title="Riders" request={request} query={query}>
      {(rows) => (
        <>
          {rows.length > 0 && (
            <ChartBox label={`Completed orders, top ${RIDER_CHART_TOP} riders`}>
              <CategoryBarsChart
                category="name"
                rows={[...rows]
                  .sort((a, b) => b.completed - a.completed)
                  .slice(0, RIDER_CHART_TOP)
                  .map((r) => ({ name: r.rider.name, completed: r.completed }))}
                series={[{ key: 'completed', label: 'Completed', color: '#1c7ed6' }]}
              />
            </ChartBox>
          )}
          <ReportTable
            name="Riders"
            rows={rows}
            rowKey={(r) => String(r.rider.id)}
            maxHeight={360}
            columns={[
              { label: 'Rider', cell: (r) => r.rider.name },
              { label: 'Completed', cell: (r) => formatCount(r.completed), numeric: true },
              { label: 'On-time %', cell: (r) => formatPct(r.onTimePercentage), numeric: true },
              { label: 'Distance (km)', cell: (r) => r.distanceKm.toFixed(1), numeric: true },
              { label: 'Shifts', cell: (r) => formatCount(r.shifts), numeric: true },
              {
                label: 'Attendance %',
                cell: (r) => formatPct(r.attendancePercentage),
                numeric: true,
              },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}

export function SatisfactionReport({ request }: { request: ReportRequest }) {
  const query = useSatisfactionReportQuery(request);
  return (
    <ReportSection
      kind="satisfaction"
      title="Customer satisfaction"
      request={request}
      query={query}
    >
      {(data) => (
        <>
          <ReportFigures
            figures={[
              { label: 'Order reviews', value: formatCount(data.orderReviews.answered) },
              { label: 'Review stars (avg)', value: formatStars(data.orderReviews.averageStars) },
              { label: 'Reviews with 5 stars', value: formatPct(data.orderReviews.fiveShare) },
              { label: 'Surveys', value: formatCount(data.surveys.answered) },
              { label: 'Survey stars (avg)', value: formatStars(data.surveys.averageStars) },
              { label: 'Surveys with 5 stars', value: formatPct(data.surveys.fiveShare) },
            ]}
          />
          <ChartBox label="Average stars per day">
            <DayLinesChart
              rows={data.byDay}
              domain={[0, 5]}
              series={[{ key: 'averageStars', label: 'Average stars', color: '#f59f00' }]}
            />
          </ChartBox>
          <ReportTable
            name="Customer satisfaction"
            rows={data.byDay}
            rowKey={(r) => r.date}
            columns={[
              { label: 'Date', cell: (r) => longDay(r.date) },
              { label: 'Answered', cell: (r) => formatCount(r.answered), numeric: true },
              { label: 'Average stars', cell: (r) => formatStars(r.averageStars), numeric: true },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}
