import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { Paper, Tabs } from '@mantine/core';
import { LateOrdersTab } from './late-orders-tab';
import { OnlineRidersTab } from './online-riders-tab';

/** Tabs Riders (default) and Late Orders (spec §2.5). Each tab mounts only when shown. */
export function SidePanel({
  vertical,
  region,
  today,
}: {
  vertical: Vertical;
  region: Region;
  today: string;
}) {
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-label="Riders and late orders">
      <Tabs defaultValue="riders" keepMounted={false}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="riders">Riders</Tabs.Tab>
          <Tabs.Tab value="late">Late Orders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="riders">
          <OnlineRidersTab vertical={vertical} region={region} />
        </Tabs.Panel>
        <Tabs.Panel value="late">
          <LateOrdersTab vertical={vertical} region={region} today={today} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
