import type { Vertical } from '@dastak/core/states';
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useRegionsQuery } from '../../locations/api/get-regions';
import { type RegionSelection, toggleAllRegions, toggleRegion } from './region-selection';

/** The regions of a vertical with 'All Regions' on top, following the rules of spec §5. */
export function RegionChecklist({
  vertical,
  selection,
  onChange,
}: {
  vertical: Vertical;
  selection: RegionSelection;
  onChange: (selection: RegionSelection) => void;
}) {
  const regions = useRegionsQuery(vertical);
  const list = regions.data?.results ?? [];
  const allIds = list.map((r) => r.id);
  return (
    <Stack gap={6} role="group" aria-label="Regions">
      <Text size="sm" fw={500}>
        Regions
      </Text>
      {regions.isPending && <Loader size="xs" aria-label="Loading regions" />}
      {list.length > 0 && (
        <Checkbox
          label="All Regions"
          checked={selection.allRegions}
          onChange={(event) =>
            onChange(toggleAllRegions(selection, event.currentTarget.checked, allIds, allIds[0]))
          }
        />
      )}
      {list.map((region) => (
        <Checkbox
          key={region.id}
          label={region.name}
          checked={selection.regions.includes(region.id)}
          onChange={(event) =>
            onChange(toggleRegion(selection, region.id, event.currentTarget.checked, allIds))
          }
        />
      ))}
    </Stack>
  );
}
