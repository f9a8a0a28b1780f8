import { ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from '@dastak/core/states';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useOnTimeByDayReportQuery } from '../api/get-on-time-by-day-report';
import { useOrdersByDayReportQuery } from '../api/get-orders-by-day-report';
import { type ReasonsReport, useReasonsReportQuery } from '../api/get-reasons-report';
import { useTimingsReportQuery } from '../api/get-timings-report';
import type { ReportRequest } from '../report-filters';
import { formatCount, formatMinutes, formatPct, longDay } from '../report-format';
import { CategoryBarsChart, ChartBox, DayBarsChart, DayLinesChart } from './lazy-charts';
import { ReportFigures } from './report-figures';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';

/** One colour per order state, in the order of the stack (booked at the bottom). */
const STATE_COLORS: Record<OrderState, string> = {
  unverified: '#adb5bd',
  scheduled: '#74c0fc',
  needsAssignment: '#ffa94d',
  assigned: '#4dabf7',
  reached: '#9775fa',
  collected: '#20c997',
  delivered: '#2f9e44',
  problem: '#e8590c',
  offlineInProgress: '#868e96',
  cancelled: '#e03131',
};

export function OrdersByDayReport({ request }: { request: ReportRequest }) {
  const query = useOrdersByDayReportQuery(request);
  return (
    <ReportSection kind="orders-by-day" title="Orders by day" request={request} query={query}>
      {(rows) => {
        // States no day has stay out of the chart's legend, not out of the table.
        const present = ORDER_STATES.filter((s) => rows.some((r) => (r.byState[s] ?? 0) > 0));
        return (
          <>
            <ChartBox label="Orders per pickup day, stacked by state">
              <DayBarsChart
                stacked
                rows={rows.map((r) => ({ date: r.date, ...r.byState }))}
                series={present.map((s) => ({
                  key: s,
                  label: ORDER_STATE_LABELS[s],
                  color: STATE_COLORS[s],
                }))}
              />
            </ChartBox>
            <ReportTable
              name="Orders by day"
              rows={rows}
              rowKey={(r) => r.date}
              columns={[
                { label: 'Date', cell: (r) => longDay(r.date) },
                { label: 'Total', cell: (r) => formatCount(r.total), numeric: true },
                ...ORDER_STATES.map((s) => ({
                  label: ORDER_STATE_LABELS[s],
                  cell: (r: (typeof rows)[number]) => formatCount(r.byState[s] ?? 0),
                  numeric: true,
                })),
              ]}
            />
          </>
        );
      }}
    </ReportSection>
  );
}

export function OnTimeByDayReport({ request }: { request: ReportRequest }) {
  const query = useOnTimeByDayReportQuery(request);
  return (
    <ReportSection kind="on-time-by-day" title="On-time by day" request={request} query={query}>
      {(rows) => (
        <>
          <ChartBox label="On-time reached and collected percentage per day">
            <DayLinesChart
              rows={rows}
              domain={[0, 100]}
              unit="%"
              series={[
                { key: 'reachedPercentage', label: 'Reached on time %', color: '#1c7ed6' },
                { key: 'collectedPercentage', label: 'Collected on time %', color: '#2f9e44' },
              ]}
            />
          </ChartBox>
          <ReportTable
            name="On-time by day"
            rows={rows}
            rowKey={(r) => r.date}
            columns={[
              { label: 'Date', cell: (r) => longDay(r.date) },
              { label: 'Due', cell: (r) => formatCount(r.due), numeric: true },
              {
                label: 'Reached on time',
                cell: (r) => formatCount(r.reachedOnTime),
                numeric: true,
              },
              {
                label: 'Collected on time',
                cell: (r) => formatCount(r.collectedOnTime),
                numeric: true,
              },
              { label: 'Reached %', cell: (r) => formatPct(r.reachedPercentage), numeric: true },
              {
                label: 'Collected %',
                cell: (r) => formatPct(r.collectedPercentage),
                numeric: true,
              },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}

export function TimingsReport({ request }: { request: ReportRequest }) {
  const query = useTimingsReportQuery(request);
  return (
    <ReportSection kind="timings" title="Median times" request={request} query={query}>
      {(data) => (
        <>
          <ReportFigures
            figures={[
              {
                label: 'Booking to assignment (min)',
                value: formatMinutes(data.bookingToAssignmentMedianMinutes),
              },
              {
                label: 'Assignment to reaching the door (min)',
                value: formatMinutes(data.assignmentToReachedMedianMinutes),
              },
            ]}
          />
          <ChartBox label="Median minutes per day">
            <DayLinesChart
              rows={data.byDay}
              unit=" min"
              series={[
                {
                  key: 'bookingToAssignmentMedianMinutes',
                  label: 'Booking to assignment',
                  color: '#f08c00',
                },
                {
                  key: 'assignmentToReachedMedianMinutes',
                  label: 'Assignment to reached',
                  color: '#7048e8',
                },
              ]}
            />
          </ChartBox>
          <ReportTable
            name="Median times"
            rows={data.byDay}
            rowKey={(r) => r.date}
            columns={[
              { label: 'Date', cell: (r) => longDay(r.date) },
              {
                label: 'Booking to assignment (min)',
                cell: (r) => formatMinutes(r.bookingToAssignmentMedianMinutes),
                numeric: true,
              },
              {
                label: 'Assignment to reached (min)',
                cell: (r) => formatMinutes(r.assignmentToReachedMedianMinutes),
                numeric: true,
              },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}

type ReasonRow = { kind: 'Cancellation' | 'Reschedule'; reason: string; count: number };
const reasonRows = (data: ReasonsReport): ReasonRow[] => [
  ...data.cancellations.map((r) => ({ kind: 'Cancellation' as const, ...r })),
  ...data.reschedules.map((r) => ({ kind: 'Reschedule' as const, ...r })),
];

function ReasonBars({
  title,
  rows,
  color,
}: {
  title: string;
  rows: ReasonsReport['cancellations'];
  color: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None in this range.
        </Text>
      ) : (
        <ChartBox label={`${title} by reason`}>
          <CategoryBarsChart
            rows={rows}
            category="reason"
            series={[{ key: 'count', label: title, color }]}
          />
        </ChartBox>
      )}
    </Stack>
  );
}

export function ReasonsReportSection({ request }: { request: ReportRequest }) {
  const query = useReasonsReportQuery(request);
  return (
    <ReportSection
      kind="reasons"
      title="Cancellations and reschedules by reason"
      request={request}
      query={query}
    >
      {(data) => (
        <>
          <SimpleGrid cols={2} spacing="md">
            <ReasonBars title="Cancellations" rows={data.cancellations} color="#e03131" />
            <ReasonBars title="Reschedules" rows={data.reschedules} color="#f08c00" />
          </SimpleGrid>
          <ReportTable
            name="Cancellations and reschedules by reason"
            rows={reasonRows(data)}
            rowKey={(r) => `${r.kind}:${r.reason}`}
            columns={[
              { label: 'Kind', cell: (r) => r.kind },
              { label: 'Reason', cell: (r) => r.reason },
              { label: 'Count', cell: (r) => formatCount(r.count), numeric: true },
            ]}
          />
        </>
      )}
    </ReportSection>
  );
}
