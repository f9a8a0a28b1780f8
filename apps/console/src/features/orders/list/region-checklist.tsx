import type { Vertical } from '@dastak/core/states';
import { RegionChecklist } from '../../../components/region-checklist/region-checklist';
import type { RegionSelection } from '../../../components/region-checklist/region-selection';
import { useRegionsQuery } from '../../locations/public';

/** The regions of one vertical, for the orders and unverified orders filters. */
export function VerticalRegionChecklist({
  vertical,
  selection,
  onChange,
}: {
  vertical: Vertical;
  selection: RegionSelection;
  onChange: (selection: RegionSelection) => void;
}) {
  const regions = useRegionsQuery(vertical);
  return (
    <RegionChecklist
      regions={regions.data?.results ?? []}
      loading={regions.isPending}
      selection={selection}
      onChange={onChange}
    />
  );
}
