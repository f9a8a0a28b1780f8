import { DEFAULT_MAP_ZOOM } from '@dastak/core/constants';
import type { City } from '@dastak/core/entities/locations';
import type { RiderSummary } from '@dastak/core/entities/riders';
import { Group, Stack } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { AppMap } from '../../../components/map/app-map';
import type { RiderPositions } from '../live/rider-positions';
import { MarkerClick } from '../map/marker-click';
import { MarkerLegend } from '../map/marker-legend';
import type { Picker } from '../map/marker-picking';
import { Recenter } from '../map/recenter';
import { RiderLayer } from '../map/rider-layer';
import { SelectedRider } from '../map/rider-popup';

/**
 * The map fills the screen below the page's padding, toolbar and legend (the live banner, when
 * shown, pushes it down rather than hiding its bottom edge under the fold for long).
 */
const height = 'calc(100vh - 112px)';

/** The city's riders on a full-screen map, same markers and live movement as the dashboard. */
export function CityMap({
  city,
  riders,
  positions,
}: {
  city: City;
  riders: readonly RiderSummary[];
  positions: RiderPositions;
}) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = riders.find((r) => r.id === selectedId) ?? null;
  const picker = useRef<Picker | null>(null);
  const pickers = useMemo(() => [picker], []);
  const close = useCallback((id: number) => setSelectedId((s) => (s === id ? null : s)), []);
  // A click away from any rider closes the popup (marker-click.tsx).
  const closePopup = useCallback(() => setSelectedId(null), []);
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <MarkerLegend />
      </Group>
      <div data-testid="city-map" data-city={city.id} data-riders={riders.length}>
        <AppMap label="City map" center={city.centerPoint} zoom={DEFAULT_MAP_ZOOM} height={height}>
          <Recenter center={city.centerPoint} zoom={DEFAULT_MAP_ZOOM} />
          <MarkerClick pickers={pickers} onMiss={closePopup} />
          <RiderLayer
            riders={riders}
            positions={positions}
            onSelect={setSelectedId}
            picker={picker}
          />
          {selected && (
            <SelectedRider
              key={selected.id}
              rider={selected}
              positions={positions}
              onClose={() => close(selected.id)}
            />
          )}
        </AppMap>
      </div>
    </Stack>
  );
}
