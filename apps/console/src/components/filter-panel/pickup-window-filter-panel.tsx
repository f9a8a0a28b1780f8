import { validatePickupRange } from '@dastak/core/rules/order-filters';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useState } from 'react';
import { FilterPanel } from './filter-panel';
import { PickupRangeFields } from './pickup-range-fields';

type PickupWindow = { pickupFrom: Date | null; pickupTo: Date | null };

/**
 * A filter panel of pickup from/to (spec §2.4, §5) and whatever else the list adds below them.
 * Edits stay a draft until Apply, which a crossed window refuses (each field then shows its
 * message); opening again starts from the applied filters.
 */
export function PickupWindowFilterPanel<F extends PickupWindow>({
  opened,
  applied,
  onClose,
  onApply,
  reset,
  children,
}: {
  opened: boolean;
  applied: F;
  onClose: () => void;
  onApply: (filters: F) => void;
  /** The draft as Reset leaves it (the search and sorting are not the panel's to clear). */
  reset: (draft: F) => F;
  children?: (draft: F, setDraft: Dispatch<SetStateAction<F>>) => ReactNode;
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
      onReset={() => setDraft(reset(draft))}
    >
      <PickupRangeFields
        from={draft.pickupFrom}
        to={draft.pickupTo}
        errors={pickupErrors}
        onChange={(range) => setDraft((d) => ({ ...d, ...range }))}
      />
      {children?.(draft, setDraft)}
    </FilterPanel>
  );
}
