import { RIDER_STATE_LABELS, type RiderState } from '@dastak/core/states';
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FilterPanel } from '../../../components/filter-panel/filter-panel';
import { YesNoFilter } from '../../../components/filter-panel/yes-no-filter';
import { useRiderRegionsQuery } from '../api/get-rider-regions';
import { groupRegionsByVertical } from '../region-groups';
import { emptyRiderFilters, type RiderFilterSet } from '../rider-filters';

const STATE_OPTIONS = Object.entries(RIDER_STATE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export function RiderFilterPanel({
  opened,
  applied,
  onClose,
  onApply,
}: {
  opened: boolean;
  applied: RiderFilterSet;
  onClose: () => void;
  onApply: (filters: RiderFilterSet) => void;
}) {
  const [draft, setDraft] = useState(applied);
  // Each opening starts from what is applied, not from an abandoned draft.
  useEffect(() => {
    if (opened) setDraft(applied);
  }, [opened, applied]);
  const regions = useRiderRegionsQuery();
  const set = <K extends keyof RiderFilterSet>(key: K, value: RiderFilterSet[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <FilterPanel
      opened={opened}
      onClose={onClose}
      onApply={() => onApply(draft)}
      onReset={() =>
        setDraft({ ...emptyRiderFilters(), search: draft.search, ordering: draft.ordering })
      }
    >
      <Checkbox.Group
        label="Regions"
        value={draft.regions.map(String)}
        onChange={(values) => set('regions', values.map(Number))}
      >
        {regions.isPending && <Loader size="xs" mt="xs" aria-label="Loading regions" />}
        <Stack gap={6} mt={6}>
          {groupRegionsByVertical(regions.data?.results ?? []).map((group) => (
            <Stack key={group.label} gap={6} role="group" aria-label={`${group.label} regions`}>
              <Text size="xs" fw={700} c="dimmed" mt={4}>
                {group.label}
              </Text>
              {group.regions.map((region) => (
                <Checkbox key={region.id} value={String(region.id)} label={region.name} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Checkbox.Group>
      <YesNoFilter label="Online" value={draft.isOnline} onChange={(v) => set('isOnline', v)} />
      <YesNoFilter label="COVID" value={draft.isCovid} onChange={(v) => set('isCovid', v)} />
      <YesNoFilter
        label="Wildcard"
        value={draft.isWildcard}
        onChange={(v) => set('isWildcard', v)}
      />
      <Checkbox.Group
        label="States"
        value={draft.states.map(String)}
        onChange={(values) => set('states', values.map(Number) as RiderState[])}
      >
        <Stack gap={6} mt={6}>
          {STATE_OPTIONS.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FilterPanel>
  );
}
