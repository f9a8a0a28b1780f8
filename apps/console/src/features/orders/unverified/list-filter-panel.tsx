import { validatePickupRange } from '@dastak/core/rules/order-filters';
import { useEffect, useState } from 'react';
import { FilterPanel } from '../../../components/filter-panel/filter-panel';
import type { UnverifiedOrderFilters } from '../api/get-unverified-orders';
import { PickupRangeFields } from '../list/pickup-range-fields';
import { RegionChecklist } from '../list/region-checklist';

/**
 * The unverified list's filter panel (spec §2.4): regions and pickup from/to. Loaded on first
 * open (default export for React.lazy).
 */
export default function UnverifiedListFilterPanel({
  opened,
  applied,
  onClose,
  onApply,
}: {
  opened: boolean;
  applied: UnverifiedOrderFilters;
  onClose: () => void;
  onApply: (filters: UnverifiedOrderFilters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  useEffect(() => {
    if (opened) setDraft(applied);
  }, [opened, applied]);
  const pickupErrors = validatePickupRange(draft.pickupFrom, draft.pickupTo);
  return (
    <FilterPanel
      opened={opened}
      onClose={onClose}
      onApply={() => {
        if (pickupErrors.pickupFrom || pickupErrors.pickupTo) return;
        onApply(draft);
      }}
      onReset={() =>
        setDraft({
          search: draft.search,
          sorting: draft.sorting,
          regions: [],
          prevSelectedRegions: [],
          allRegions: false,
          pickupFrom: null,
          pickupTo: null,
        })
      }
    >
      <PickupRangeFields
        from={draft.pickupFrom}
        to={draft.pickupTo}
        errors={pickupErrors}
        onChange={(range) => setDraft((d) => ({ ...d, ...range }))}
      />
      <RegionChecklist
        vertical="blood"
        selection={draft}
        onChange={(selection) => setDraft((d) => ({ ...d, ...selection }))}
      />
    </FilterPanel>
  );
}
