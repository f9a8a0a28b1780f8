import { PickupWindowFilterPanel } from '../../../components/filter-panel/pickup-window-filter-panel';
import type { PartialOrderFilters } from '../api/get-partial-orders';

/**
 * The Partial Orders filter panel (spec §2.4): pickup from and to. Loaded on first open (default
 * export for React.lazy).
 */
export default function PartialOrderFilterPanel(props: {
  opened: boolean;
  applied: PartialOrderFilters;
  onClose: () => void;
  onApply: (filters: PartialOrderFilters) => void;
}) {
  return (
    <PickupWindowFilterPanel
      {...props}
      reset={(draft) => ({ ...draft, pickupFrom: null, pickupTo: null })}
    />
  );
}
