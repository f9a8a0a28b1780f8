import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { Loader, Stack, Text } from '@mantine/core';
import { useDailyOrderStatsQuery } from '../api/get-daily-order-stats';
import { useOnTimeStatsQuery } from '../api/get-on-time-stats';
import { onTimeRangeStart, pickupWindowOf } from './dashboard-today';
import { OnTimeChart } from './on-time-chart';
import { OnTimeTable } from './on-time-table';
import { PanelCard } from './panel-card';
import { failedEmpty, StaleNote } from './stale-note';
import { useFollowOrderStats } from './use-follow-order-stats';

/** On-time rate of the last 7 days, and today's on-time table (spec §2.5 Graph panel). */
export function GraphPanel({
  vertical,
  region,
  today,
}: {
  vertical: Vertical;
  region: Region;
  today: string;
}) {
  const daily = useDailyOrderStatsQuery(vertical, region.id, onTimeRangeStart(today));
  const window = pickupWindowOf(today);
  const onTime = useOnTimeStatsQuery(vertical, region.id, window);
  useFollowOrderStats(vertical, region.id, window);
  return (
    <PanelCard title="On-Time Rate">
      <Stack gap="xs">
        {daily.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : failedEmpty(daily) ? (
          <Text size="sm" c="red.8">
            Could not load the on-time rate.
          </Text>
        ) : (
          <>
            <StaleNote query={daily} />
            <OnTimeChart rates={daily.data ?? []} today={today} />
          </>
        )}
        {failedEmpty(onTime) ? (
          <Text size="sm" c="red.8">
            Could not load today's on-time percentages.
          </Text>
        ) : (
          <>
            <StaleNote query={onTime} />
            <OnTimeTable stats={onTime.data} />
          </>
        )}
      </Stack>
    </PanelCard>
  );
}
