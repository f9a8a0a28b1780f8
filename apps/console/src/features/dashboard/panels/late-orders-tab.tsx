import type { Region } from '@dastak/core/entities/locations';
import { EMPTY } from '@dastak/core/messages';
import { lateOrdersWindow } from '@dastak/core/rules/lateness';
import type { Vertical } from '@dastak/core/states';
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { orderDetailPath } from '../../../lib/order-paths';
import { useMinuteNow } from '../../../lib/shared-clock';
import { useLateOrdersQuery } from '../api/get-late-orders';
import { AtRiskGroup } from './at-risk-group';
import { delayText } from './delay-text';
import { orderNumberMatches } from './order-number-match';
import { SideList, SideListStatus } from './side-list';

/**
 * The side panel's Late Orders tab: the at-risk group on top (beyond the spec), then today's
 * late orders (in the small hours, the day before's too: lateOrdersWindow). Searched in the browser, like the Riders tab: the rows are already here and live.
 */
export function LateOrdersTab({
  vertical,
  region,
  today,
}: {
  vertical: Vertical;
  region: Region;
  today: string;
}) {
  const [search, setSearch] = useState('');
  const now = useMinuteNow();
  const late = useLateOrdersQuery(vertical, region.id, lateOrdersWindow(new Date(now)));
  const rows = (late.data ?? []).filter((order) => orderNumberMatches(order.number, search));
  return (
    <Stack gap="xs">
      <TextInput
        aria-label="Search late orders"
        placeholder="Order Number"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <AtRiskGroup vertical={vertical} region={region} today={today} search={search} />
      <Text fw={700} size="sm">
        Today
      </Text>
      <SideListStatus query={late} empty={rows.length === 0} emptyText={EMPTY.NO_ORDERS} />
      {rows.length > 0 && (
        <SideList label="Late orders">
          {rows.map((order) => (
            <li key={order.id}>
              <Anchor
                component={Link}
                to={orderDetailPath(vertical, order.id)}
                underline="never"
                c="inherit"
                display="block"
                py={6}
              >
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {order.number}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {order.assignedRider?.name ?? '-'}
                    </Text>
                  </Stack>
                  <Text size="xs" c="red.8" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {delayText(order.lateTimedelta)}
                  </Text>
                </Group>
              </Anchor>
            </li>
          ))}
        </SideList>
      )}
    </Stack>
  );
}
