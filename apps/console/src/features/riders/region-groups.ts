import type { Region } from '@dastak/core/entities/locations';
import { VERTICAL_LABELS } from '@dastak/core/states';

export type RegionGroup = { label: string; regions: Region[] };

/** Regions under their vertical, so regions of the same name in both can be told apart. */
export function groupRegionsByVertical(regions: readonly Region[]): RegionGroup[] {
  const groups = new Map<string, Region[]>();
  for (const region of regions) {
    const label = region.vertical ? VERTICAL_LABELS[region.vertical] : 'OTHER';
    groups.set(label, [...(groups.get(label) ?? []), region]);
  }
  return [...groups].map(([label, list]) => ({ label, regions: list }));
}
