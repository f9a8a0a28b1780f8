import type { Region } from '@dastak/core/entities/locations';
import type { RiderSummary } from '@dastak/core/entities/riders';
import { EMPTY } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { Anchor, Badge, Box, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import {
  BulkReassignButton,
  hasPendingPickups,
  isRiderStateRed,
  riderFullName,
  riderStateLabel,
} from '../../riders/public';
import { dashboardKeys } from '../api/dashboard-keys';
import { useRiderRosterQuery } from '../api/get-rider-roster';
import { riderDetailHref } from './dashboard-links';
import { PanelCard } from './panel-card';
import { groupRiders, RIDER_GROUPS, riderKindLetter } from './rider-groups';
import { SIDE_LIST_HEIGHT } from './side-list';
import { failedEmpty, StaleNote } from './stale-note';

const KIND_COLORS = { W: 'violet', C: 'red', R: 'gray' } as const;
const KIND_NAMES = { W: 'Wildcard', C: 'Covid', R: 'Regular' } as const;

/** Width of the row's action column, kept for every row so the columns line up. */
const ACTION_WIDTH = 22;

function RiderLine({
  rider,
  showCell,
  onReassigned,
}: {
  rider: RiderSummary;
  showCell: boolean;
  onReassigned: () => void;
}) {
  const kind = riderKindLetter(rider);
  // Full and delivering riders are red (spec §4): the whole line, so it reads at a glance.
  const color = isRiderStateRed(rider.state) ? 'red.8' : undefined;
  return (
    <li data-testid="rider-line">
      <Group gap={6} wrap="nowrap" py={4} c={color}>
        <Badge
          size="sm"
          variant="light"
          color={KIND_COLORS[kind]}
          w={24}
          px={0}
          title={KIND_NAMES[kind]}
          aria-label={KIND_NAMES[kind]}
        >
          {kind}
        </Badge>
        {showCell && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {rider.cell?.name ?? EMPTY.DASHES}
          </Text>
        )}
        <Anchor
          component={Link}
          to={riderDetailHref(rider.id)}
          size="sm"
          fw={600}
          c={color ?? 'dark'}
          truncate
          style={{ flex: 1, minWidth: 0 }}
        >
          {riderFullName(rider)}
        </Anchor>
        <Text size="xs">{rider.phone}</Text>
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {riderStateLabel(rider.state)}
        </Text>
        <Text size="xs" fw={700} w={28} ta="right" title="Completed orders">
          {rider.completedOrdersCount}
        </Text>
        {/* A rider falls sick: their pending pickups to other riders in one go. */}
        <Box w={ACTION_WIDTH} display="flex">
          {hasPendingPickups(rider) && (
            <BulkReassignButton
              riderId={rider.id}
              compact={{ riderName: riderFullName(rider) }}
              onCommitted={onReassigned}
            />
          )}
        </Box>
      </Group>
    </li>
  );
}

/** Every rider of the region in the four connectivity x duty groups (spec §2.5). */
export function RiderListPanel({ vertical, region }: { vertical: Vertical; region: Region }) {
  const riders = useRiderRosterQuery(vertical, region.id);
  const groups = groupRiders(riders.data ?? []);
  const queryClient = useQueryClient();
  // The stream reports the moves too; this covers a paused stream (as after a map cancel).
  const onReassigned = useCallback(() => {
    for (const queryKey of [
      dashboardKeys.riders(vertical, region.id),
      dashboardKeys.riderStats(region.id),
      dashboardKeys.mapOrders(vertical, region.id),
      dashboardKeys.lateOrders(vertical, region.id),
      dashboardKeys.atRisk(vertical, region.id),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient, vertical, region.id]);
  return (
    <PanelCard title="Rider List">
      {riders.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : failedEmpty(riders) ? (
        <Text size="sm" c="red.8">
          Could not load the riders.
        </Text>
      ) : (
        <>
          <StaleNote query={riders} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {RIDER_GROUPS.map((group) => (
              <Stack
                key={group.key}
                gap={2}
                component="section"
                aria-label={group.title}
                mah={SIDE_LIST_HEIGHT}
                style={{ overflowY: 'auto' }}
              >
                <Title order={3} fz="xs" fw={700} tt="uppercase" c="dimmed">
                  {group.title} ({groups[group.key].length})
                </Title>
                {groups[group.key].length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {EMPTY.NO_RIDERS}
                  </Text>
                ) : (
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {groups[group.key].map((rider) => (
                      <RiderLine
                        key={rider.id}
                        rider={rider}
                        showCell={region.isHyperlocalModeEnabled}
                        onReassigned={onReassigned}
                      />
                    ))}
                  </ul>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}
    </PanelCard>
  );
}
