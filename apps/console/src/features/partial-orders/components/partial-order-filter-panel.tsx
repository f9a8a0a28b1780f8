import { validatePickupRange } from '@dastak/core/rules/order-filters';
import { useEffect, useState } from 'react';
import { FilterPanel } from '../../../components/filter-panel/filter-panel';
import { PickupRangeFields } from '../../orders/list/pickup-range-fields';
import type { PartialOrderFilters } from '../api/get-partial-orders';

/**
 * The Partial Orders filter panel (spec §2.4): pickup from and to. Loaded on first open (default
 * export for React.lazy).
 */
export default function PartialOrderFilterPanel({
  opened,
  applied,
  onClose,
  onApply,
}: {
  opened: boolean;
  applied: PartialOrderFilters;
  onClose: () => void;
  onApply: (filters: PartialOrderFilters) => void;
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
      onReset={() => setDraft({ ...draft, pickupFrom: null, pickupTo: null })}
    >
      <PickupRangeFields
        from={draft.pickupFrom}
        to={draft.pickupTo}
        errors={pickupErrors}
        onChange={(range) => setDraft((d) => ({ ...d, ...range }))}
      />
    </FilterPanel>
  );
}
