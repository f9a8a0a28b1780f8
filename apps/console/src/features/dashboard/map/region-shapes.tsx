import type { LatLng } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import { Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { CircleMarker, Polygon, Popup, Tooltip } from 'react-leaflet';
import { BLACKLISTED_COLOR, BOUNDARY_COLOR, CELL_COLOR } from './marker-styles';

const toPath = (points: readonly LatLng[]) =>
  points.map((p) => [p.latitude, p.longitude] as [number, number]);

/** The region's boundary polygon (spec §2.5), outline only so markers stay readable. */
export function RegionBoundary({ region }: { region: Region }) {
  if (region.polygon.length < 3) return null;
  return (
    <Polygon
      positions={toPath(region.polygon)}
      pathOptions={{ color: BOUNDARY_COLOR, weight: 2, fillOpacity: 0.03 }}
      interactive={false}
    />
  );
}

/**
 * Hyperlocal cells with their centroids; the centroid's popup gives name, min riders and current
 * riders. The cell shapes take no clicks: cells tile the region, and would cover every marker.
 */
export function RegionCells({ region }: { region: Region }) {
  return region.cells.map((cell) => (
    <Fragment key={cell.id}>
      <Polygon
        positions={toPath(cell.coordinates)}
        pathOptions={{ color: CELL_COLOR, weight: 1, dashArray: '4 4', fillOpacity: 0.06 }}
        interactive={false}
      />
      <CircleMarker
        center={[cell.centroid.latitude, cell.centroid.longitude]}
        radius={6}
        pathOptions={{ color: CELL_COLOR, fillColor: '#fff', fillOpacity: 1, weight: 2 }}
      >
        <Popup>
          <Stack gap={2}>
            <Text size="sm" fw={700}>
              {cell.name}
            </Text>
            <Text size="xs">Min riders: {cell.minRiders}</Text>
            <Text size="xs">Current riders: {cell.currentRidersCount}</Text>
          </Stack>
        </Popup>
      </CircleMarker>
    </Fragment>
  ));
}

/** Areas the region does not serve, labelled; like cells they leave clicks to the markers. */
export function BlacklistedAreas({ region }: { region: Region }) {
  return region.blackListedAreas.map((area) => (
    <Polygon
      key={area.id}
      positions={toPath(area.polygon)}
      pathOptions={{ color: BLACKLISTED_COLOR, weight: 1, fillOpacity: 0.2 }}
      interactive={false}
    >
      <Tooltip permanent direction="center" opacity={0.85}>
        {area.name}
      </Tooltip>
    </Polygon>
  ));
}
