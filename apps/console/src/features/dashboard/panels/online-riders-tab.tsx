import type { Region } from '@dastak/core/entities/locations';
import { EMPTY } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { relativePickupText } from '../../../lib/pickup-text';
import { useMinuteNow } from '../../../lib/shared-clock';
import { riderFullName } from '../../riders/public';
import { useRegionRidersQuery } from '../api/get-online-riders';
import { riderDetailHref } from './dashboard-links';
import { riderMatches } from './rider-groups';
import { SideList, SideListStatus } from './side-list';

/**
 * The side panel's Riders tab: online riders of the region, searched by name or phone in the
 * browser. It reads the map's own query (same call, same key), so it is already loaded and kept
 * live by the stream, and a keystroke costs no request.
 */
export function OnlineRidersTab({ vertical, region }: { vertical: Vertical; region: Region }) {
  const [search, setSearch] = useState('');
  const riders = useRegionRidersQuery(vertical, region.id);
  const now = useMinuteNow();
  const rows = (riders.data ?? []).filter((rider) => riderMatches(rider, search));
  return (
    <Stack gap="xs">
      <TextInput
        aria-label="Search online riders"
        placeholder="Rider Name or Phone"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Text fw={700} size="sm">
        Today
      </Text>
      <SideListStatus query={riders} empty={rows.length === 0} emptyText={EMPTY.NO_RIDERS} />
      {rows.length > 0 && (
        <SideList label="Online riders">
          {rows.map((rider, index) => (
            <li key={rider.id}>
              <Anchor
                component={Link}
                to={riderDetailHref(rider.id)}
                underline="never"
                c="inherit"
                display="block"
                py={6}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" w={24} ta="right">
                    {index + 1}.
                  </Text>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {riderFullName(rider)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {rider.phone}
                    </Text>
                  </Stack>
                  <Stack gap={0} align="flex-end">
                    <Text size="xs" c="dimmed">
                      Last active
                    </Text>
                    <Text size="xs">
                      {rider.lastSeenAt ? relativePickupText(rider.lastSeenAt, now) : EMPTY.NA}
                    </Text>
                  </Stack>
                </Group>
              </Anchor>
            </li>
          ))}
        </SideList>
      )}
    </Stack>
  );
}
