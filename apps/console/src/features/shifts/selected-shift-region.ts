import type { Region } from '@dastak/core/entities/locations';
import { useCallback, useEffect, useState } from 'react';
import { readString, writeValues } from '../../lib/storage';
import { useShiftRegionsQuery } from './api/get-shift-regions';

/** Under the `dastak.` session prefix like the dashboards' picks, so logout forgets it. */
const REGION_KEY = 'dastak.shifts.region';

function readStoredRegion(): number | null {
  const value = Number(readString(REGION_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The schedule's region: remembered, the first region by default. */
export function useSelectedShiftRegion() {
  const regions = useShiftRegionsQuery();
  const [storedId, setStoredId] = useState(readStoredRegion);
  const list: Region[] = regions.data?.results ?? [];
  const region = list.find((r) => r.id === storedId) ?? list[0] ?? null;
  const select = useCallback((id: number) => {
    writeValues({ [REGION_KEY]: String(id) });
    setStoredId(id);
  }, []);
  useEffect(() => {
    if (region && region.id !== storedId) select(region.id);
  }, [region, storedId, select]);
  return { regions: list, region, select, isError: regions.isError };
}
