import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import {
  type RegionSelection,
  shownSelection,
  toggleAllRegions,
  toggleRegion,
} from './region-selection';

/**
 * A regions checklist with 'All Regions' on top, following the rules of spec §5 (the order,
 * unverified and customer filters). No region filter shows as every region ticked.
 */
export function RegionChecklist({
  regions,
  loading,
  selection,
  onChange,
}: {
  regions: readonly { id: number; name: string }[];
  loading: boolean;
  selection: RegionSelection;
  onChange: (selection: RegionSelection) => void;
}) {
  const allIds = regions.map((r) => r.id);
  const shown = shownSelection(selection, allIds);
  return (
    <Stack gap={6} role="group" aria-label="Regions">
      <Text size="sm" fw={500}>
        Regions
      </Text>
      {loading && <Loader size="xs" aria-label="Loading regions" />}
      {regions.length > 0 && (
        <Checkbox
          label="All Regions"
          checked={shown.allRegions}
          onChange={(event) =>
            onChange(toggleAllRegions(shown, event.currentTarget.checked, allIds, allIds[0]))
          }
        />
      )}
      {regions.map((region) => (
        <Checkbox
          key={region.id}
          label={region.name}
          checked={shown.regions.includes(region.id)}
          onChange={(event) =>
            onChange(toggleRegion(shown, region.id, event.currentTarget.checked, allIds))
          }
        />
      ))}
    </Stack>
  );
}
