import { PickupWindowFilterPanel } from '../../../components/filter-panel/pickup-window-filter-panel';
import type { UnverifiedOrderFilters } from '../api/get-unverified-orders';
import { VerticalRegionChecklist } from '../list/region-checklist';

/**
 * The unverified list's filter panel (spec §2.4): pickup from/to and the regions of the list's
 * vertical. Loaded on first open (default export for React.lazy).
 */
export default function UnverifiedListFilterPanel(props: {
  opened: boolean;
  applied: UnverifiedOrderFilters;
  onClose: () => void;
  onApply: (filters: UnverifiedOrderFilters) => void;
}) {
  return (
    <PickupWindowFilterPanel
      {...props}
      reset={(draft) => ({
        ...draft,
        regions: [],
        prevSelectedRegions: [],
        allRegions: false,
        pickupFrom: null,
        pickupTo: null,
      })}
    >
      {(draft, setDraft) => (
        <VerticalRegionChecklist
          vertical={draft.vertical}
          selection={draft}
          onChange={(selection) => setDraft((d) => ({ ...d, ...selection }))}
        />
      )}
    </PickupWindowFilterPanel>
  );
}
