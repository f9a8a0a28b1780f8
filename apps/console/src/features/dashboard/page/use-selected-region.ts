import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { useCallback, useEffect, useState } from 'react';
import { useRegionsQuery } from '../../locations/public';
import { pickFrom, readSelectedId, writeSelectedId } from './selected-place';

const regionKey = (vertical: Vertical) => `dastak.dashboard.region.${vertical}`;

/** The dashboard's region: remembered per vertical, the vertical's first region by default. */
export function useSelectedRegion(vertical: Vertical) {
  const regions = useRegionsQuery(vertical);
  const [storedId, setStoredId] = useState(() => readSelectedId(regionKey(vertical)));
  // The vertical may change under the same page (blood -> xray link): re-read its own pick.
  const [storedFor, setStoredFor] = useState(vertical);
  if (storedFor !== vertical) {
    setStoredFor(vertical);
    setStoredId(readSelectedId(regionKey(vertical)));
  }
  const list: Region[] = regions.data?.results ?? [];
  const region = pickFrom(list, storedId);
  const select = useCallback(
    (id: number) => {
      writeSelectedId(regionKey(vertical), id);
      setStoredId(id);
    },
    [vertical],
  );
  // The default (first region) is remembered too, so the vertical keeps it as regions change.
  useEffect(() => {
    if (region && region.id !== storedId) select(region.id);
  }, [region, storedId, select]);
  return { regions: list, region, select, isError: regions.isError };
}
