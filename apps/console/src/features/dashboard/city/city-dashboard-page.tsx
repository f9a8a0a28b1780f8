import type { Vertical } from '@dastak/core/states';
import { Center, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRegionsQuery } from '../../locations/public';
import { dashboardKeys } from '../api/dashboard-keys';
import { useDashboardCitiesQuery } from '../api/get-cities';
import { useCityRidersQuery } from '../api/get-online-riders';
import { LiveBanner } from '../live/live-banner';
import { pollIntervalFor } from '../live/live-status';
import { RiderPositions } from '../live/rider-positions';
import { useDashboardStream } from '../live/use-dashboard-stream';
import { DashboardToolbar } from '../page/dashboard-toolbar';
import { PlaceSelector } from '../page/place-selector';
import { pickFrom, readSelectedId, writeSelectedId } from '../page/selected-place';
import { useRefresh } from '../page/use-refresh';
import { CityMap } from './city-map';

const TITLES: Record<Vertical, string> = {
  blood: 'Blood City Dashboard',
  xray: 'X-Ray City Dashboard',
};
const cityKey = (vertical: Vertical) => `dastak.dashboard.city.${vertical}`;

/** The city dashboards (spec §2.5): every online rider of the chosen city, live. */
export function CityDashboardPage({ vertical }: { vertical: Vertical }) {
  useDocumentTitle(TITLES[vertical]);
  const cities = useDashboardCitiesQuery(vertical);
  const [storedId, setStoredId] = useState(() => readSelectedId(cityKey(vertical)));
  const [storedFor, setStoredFor] = useState(vertical);
  if (storedFor !== vertical) {
    setStoredFor(vertical);
    setStoredId(readSelectedId(cityKey(vertical)));
  }
  const cityList = cities.data?.results ?? [];
  const city = pickFrom(cityList, storedId);
  const cityId = city?.id ?? null;
  const select = useCallback(
    (id: number) => {
      writeSelectedId(cityKey(vertical), id);
      setStoredId(id);
    },
    [vertical],
  );
  useEffect(() => {
    if (cityId !== null && cityId !== storedId) select(cityId);
  }, [cityId, storedId, select]);

  const regions = useRegionsQuery(vertical);
  const regionIds = useMemo(
    () => (regions.data?.results ?? []).filter((r) => r.city === cityId).map((r) => r.id),
    [regions.data, cityId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new store per city and vertical.
  const positions = useMemo(() => new RiderPositions(), [vertical, cityId]);
  const scope = useMemo(() => (cityId === null ? null : { cityId }), [cityId]);
  const status = useDashboardStream({ vertical, scope, positions });
  const riders = useCityRidersQuery(vertical, cityId ?? 0, regionIds, pollIntervalFor(status));
  const refreshKeys = useCallback(
    () => (cityId === null ? [] : [dashboardKeys.cityRiders(vertical, cityId)]),
    [vertical, cityId],
  );
  const { refresh, refreshing } = useRefresh(refreshKeys);

  return (
    <Stack gap="sm" p="md">
      <DashboardToolbar
        title={TITLES[vertical]}
        selector={
          <PlaceSelector label="City" places={cityList} selectedId={cityId} onSelect={select} />
        }
        onRefresh={() => void refresh()}
        refreshing={refreshing}
      />
      <LiveBanner status={status} />
      {city ? (
        <CityMap city={city} riders={riders.data ?? []} positions={positions} />
      ) : (
        <Center mih={200}>
          <Text c="dimmed">{cities.isError ? 'Cities could not be loaded.' : 'loading...'}</Text>
        </Center>
      )}
    </Stack>
  );
}
