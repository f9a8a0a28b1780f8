import type { OrderFilterSet } from '@dastak/core/rules/order-filters';

/** The region part of a filter set: what is checked, 'All Regions', and what it replaced. */
export type RegionSelection = Pick<
  OrderFilterSet,
  'regions' | 'prevSelectedRegions' | 'allRegions'
>;

/**
 * One region checked or unchecked (spec §5): unchecking the last checked region is ignored, so
 * at least one stays selected; checking the last unchecked one turns 'All Regions' on.
 */
export function toggleRegion(
  selection: RegionSelection,
  id: number,
  checked: boolean,
  allIds: readonly number[],
): RegionSelection {
  if (!checked) {
    if (selection.regions.length === 1 && selection.regions[0] === id) return selection;
    return {
      regions: selection.regions.filter((r) => r !== id),
      allRegions: false,
      prevSelectedRegions: [],
    };
  }
  if (selection.regions.includes(id)) return selection;
  const regions = [...selection.regions, id];
  const allRegions = allIds.length > 0 && allIds.every((r) => regions.includes(r));
  // Ticked one by one there was no selection before 'All Regions': unchecking it then falls back
  // to the default region rather than to all-but-the-last.
  return { regions, allRegions, prevSelectedRegions: [] };
}

/**
 * 'All Regions' checked selects every region and remembers the selection it replaced;
 * unchecked, it restores that selection, or the default region when there was none.
 */
export function toggleAllRegions(
  selection: RegionSelection,
  checked: boolean,
  allIds: readonly number[],
  defaultRegion: number | undefined,
): RegionSelection {
  if (checked) {
    return {
      regions: [...allIds],
      allRegions: true,
      prevSelectedRegions: selection.allRegions ? selection.prevSelectedRegions : selection.regions,
    };
  }
  const previous = selection.prevSelectedRegions.filter((r) => allIds.includes(r));
  const restored = previous.length ? previous : defaultRegion === undefined ? [] : [defaultRegion];
  return { regions: restored, allRegions: false, prevSelectedRegions: [] };
}

/**
 * What the checklist shows: no region filter means every region, so the list opens with
 * 'All Regions' and each region ticked, and the rules above hold from the first click.
 */
export function shownSelection(
  selection: RegionSelection,
  allIds: readonly number[],
): RegionSelection {
  if (selection.regions.length > 0 || allIds.length === 0) return selection;
  return { regions: [...allIds], allRegions: true, prevSelectedRegions: [] };
}

/** Same regions regardless of order: a change here clears the rider filter (spec §5). */
export function sameRegions(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}
