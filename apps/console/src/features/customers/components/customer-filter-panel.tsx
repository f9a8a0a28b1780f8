import { useEffect, useState } from 'react';
import { FilterPanel } from '../../../components/filter-panel/filter-panel';
import { RegionChecklist } from '../../../components/region-checklist/region-checklist';
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

  return (
    <FilterPanel
      opened={opened}
      onClose={onClose}
      onApply={() => onApply(draft)}
      onReset={() =>
        setDraft({ ...draft, regions: [], allRegions: false, prevSelectedRegions: [] })
      }
    >
      <RegionChecklist
        regions={regions.data?.results ?? []}
        loading={regions.isPending}
        selection={draft}
        onChange={(selection) => setDraft({ ...draft, ...selection })}
      />
    </FilterPanel>
  );
}
