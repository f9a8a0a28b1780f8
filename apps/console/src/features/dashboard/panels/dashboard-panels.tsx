import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { SimpleGrid, Stack } from '@mantine/core';
import { GraphPanel } from './graph-panel';
import { OrdersPanel } from './orders-panel';
import { RiderListPanel } from './rider-list-panel';
import { RidersStatsPanel } from './riders-stats-panel';
import { SamplesInTransitPanel } from './samples-in-transit-panel';
import { SidePanel } from './side-panel';
import { useKarachiToday } from './use-karachi-today';

/**
 * Every panel of a dashboard for one region (spec §2.5): counts, side tabs, on-time graph and the
 * rider list. The panels stack in one column, so the page can put them beside the map on a wide
 * screen or below it on a narrow one; the graph and the side tabs pair up when there is room.
 * Every query sits under dashboardKeys, so the page's refresh and the live stream refresh them.
 */
export function DashboardPanels({ vertical, region }: { vertical: Vertical; region: Region }) {
  const today = useKarachiToday();
  return (
    <Stack gap="sm" data-testid="dashboard-panels">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <OrdersPanel vertical={vertical} region={region} today={today} />
        <RidersStatsPanel region={region} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <SidePanel vertical={vertical} region={region} today={today} />
        <GraphPanel vertical={vertical} region={region} today={today} />
      </SimpleGrid>
      {/* Only blood orders carry a sample to a centre; X-ray has nothing on the road. */}
      {vertical === 'blood' && <SamplesInTransitPanel vertical={vertical} region={region} />}
      <RiderListPanel vertical={vertical} region={region} />
    </Stack>
  );
}
