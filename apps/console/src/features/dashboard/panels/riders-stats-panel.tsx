import type { Region } from '@dastak/core/entities/locations';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRiderStatsQuery } from '../api/get-rider-stats';
import { regionRidersHref } from './dashboard-links';
import { PanelCard } from './panel-card';
import { failedEmpty, StaleNote } from './stale-note';
import { StatTile } from './stat-tile';

/** Riders in a shift in progress: available and busy (spec §2.5 Riders panel). */
export function RidersStatsPanel({ region }: { region: Region }) {
  const stats = useRiderStatsQuery(region.id);
  return (
    <PanelCard
      title="Riders"
      label="Riders (shift in progress)"
      action={
        <Anchor component={Link} to={regionRidersHref(region)} size="sm">
          View all
        </Anchor>
      }
    >
      {failedEmpty(stats) ? (
        <Text size="sm" c="red.8">
          Could not load the rider counts.
        </Text>
      ) : (
        <>
          <StaleNote query={stats} />
          <SimpleGrid cols={2} spacing="xs">
            <StatTile label="Available" value={stats.data?.available} color="teal.9" />
            <StatTile label="Busy" value={stats.data?.busy} color="orange.9" />
          </SimpleGrid>
        </>
      )}
    </PanelCard>
  );
}
