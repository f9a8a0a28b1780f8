import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { SimpleGrid, Text } from '@mantine/core';
import { useOrderStatsQuery } from '../api/get-order-stats';
import { escalatedOrdersHref, unverifiedOrdersHref } from './dashboard-links';
import { pickupWindowOf } from './dashboard-today';
import { PanelCard } from './panel-card';
import { failedEmpty, StaleNote } from './stale-note';
import { StatTile } from './stat-tile';

/** Today's order counts of the region (spec §2.5 Orders panel). */
export function OrdersPanel({
  vertical,
  region,
  today,
}: {
  vertical: Vertical;
  region: Region;
  today: string;
}) {
  const window = pickupWindowOf(today);
  const stats = useOrderStatsQuery(vertical, region.id, window);
  const counts = stats.data;
  return (
    <PanelCard title="Orders">
      {failedEmpty(stats) ? (
        <Text size="sm" c="red.8">
          Could not load the order counts.
        </Text>
      ) : (
        <>
          <StaleNote query={stats} />
          <SimpleGrid cols={{ base: 3, xs: 6, md: 3, xl: 6 }} spacing="xs" verticalSpacing="xs">
            <StatTile label="Total" value={counts?.total} />
            <StatTile
              label="Escalated"
              value={counts?.escalated}
              to={escalatedOrdersHref(vertical, region, window)}
              color="red.8"
            />
            <StatTile
              label="Unverified"
              value={counts?.unverified}
              to={unverifiedOrdersHref(vertical, region, window)}
            />
            <StatTile label="Pending" value={counts?.pending} />
            <StatTile label="In Progress" value={counts?.inProgress} />
            <StatTile label="Completed" value={counts?.completed} />
          </SimpleGrid>
        </>
      )}
    </PanelCard>
  );
}
