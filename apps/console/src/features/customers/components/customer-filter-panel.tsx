import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FilterPanel } from '../../../components/filter-panel/filter-panel';
import { toggleAllRegions, toggleRegion } from '../../orders/list/region-selection';
import { useCustomerRegionsQuery } from '../api/get-customer-regions';
import type { CustomerFilterSet } from '../customer-filters';

/**
 * The customer list's regions checklist with 'All Regions' (spec §2.9, §5 Filters): the same
 * selection rules as the orders lists, so at least one region stays selected.
 */
export function CustomerFilterPanel({
  opened,
  applied,
  onClose,
  onApply,
}: {
  opened: boolean;
  applied: CustomerFilterSet;
  onClose: () => void;
  onApply: (filters: CustomerFilterSet) => void;
}) {
  const [draft, setDraft] = useState(applied);
  // Each opening starts from what is applied, not from an abandoned draft.
  useEffect(() => {
    if (opened) setDraft(applied);
  }, [opened, applied]);
  const regions = useCustomerRegionsQuery();
  const list = regions.data?.results ?? [];
  const allIds = list.map((r) => r.id);

  return (
    <FilterPanel
      opened={opened}
      onClose={onClose}
      onApply={() => onApply(draft)}
      onReset={() =>
        setDraft({ ...draft, regions: [], allRegions: false, prevSelectedRegions: [] })
      }
    >
      <Stack gap={6} role="group" aria-label="Regions">
        <Text size="sm" fw={500}>
          Regions
        </Text>
        {regions.isPending && <Loader size="xs" aria-label="Loading regions" />}
        {list.length > 0 && (
          <Checkbox
            label="All Regions"
            checked={draft.allRegions}
            onChange={(event) =>
              setDraft({
                ...draft,
                ...toggleAllRegions(draft, event.currentTarget.checked, allIds, allIds[0]),
              })
            }
          />
        )}
        {list.map((region) => (
          <Checkbox
            key={region.id}
            label={region.name}
            checked={draft.regions.includes(region.id)}
            onChange={(event) =>
              setDraft({
                ...draft,
                ...toggleRegion(draft, region.id, event.currentTarget.checked, allIds),
              })
            }
          />
        ))}
      </Stack>
    </FilterPanel>
  );
}
