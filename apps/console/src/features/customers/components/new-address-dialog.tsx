import { DEFAULT_MAP_CENTER, DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import {
  type CustomerAddress,
  customerAddressCreateSchema,
} from '@dastak/core/entities/customer-addresses';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { toSixDecimals } from '@dastak/core/rules/format';
import type { Vertical } from '@dastak/core/states';
import {
  Autocomplete,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useCreateCustomerAddressMutation } from '../api/customer-addresses';
import { type GeocodeResult, useGeocodeQuery } from '../api/geocode';
import { useCitiesQuery } from '../api/get-cities';

const AddressPinMap = lazy(() => import('./address-pin-map'));

const CITY_ZOOM = 12;

type Picked = GeocodeResult | null;

/**
 * New customer address (spec §2.7, §5 New address): a city, a place search held to that city,
 * a pin on the map and the address text. Enter never submits (there is no form to submit);
 * Create stays disabled without a city or address text, and a missing pin is said, not guessed.
 */
export function NewAddressDialog({
  opened,
  onClose,
  customerId,
  vertical,
  initial,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  customerId: number;
  vertical: Vertical;
  /** Where to start: a partial order's captured city, address text and pin (ADR 0058). */
  initial?: { cityId: number | null; address: string; pin: LatLng | null };
  onCreated: (address: CustomerAddress) => void;
}) {
  useReturnFocus(opened);
  const cities = useCitiesQuery(vertical, opened);
  const create = useCreateCustomerAddressMutation(vertical);
  const [cityId, setCityId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<Picked>(null);
  const [pin, setPin] = useState<LatLng | null>(initial?.pin ?? null);
  const [view, setView] = useState<{ center: LatLng; zoom: number } | null>(() =>
    initial?.pin ? { center: initial.pin, zoom: DETAIL_MAP_ZOOM } : null,
  );
  const [address, setAddress] = useState(initial?.address ?? '');
  const [pinError, setPinError] = useState<string | null>(null);

  const cityList = cities.data?.results ?? [];
  const city = cityList.find((c) => c.id === cityId) ?? null;

  // The first city is the default when none is chosen (spec §4 Data flags), unless the dialog
  // starts from a captured one; a captured pin keeps the map on it.
  const startCity = initial?.cityId ?? null;
  const startsOnPin = Boolean(initial?.pin);
  useEffect(() => {
    if (!opened || cityId !== null) return;
    const first = cityList.find((c) => c.id === startCity) ?? cityList[0];
    if (!first) return;
    setCityId(first.id);
    if (!startsOnPin) setView({ center: first.centerPoint, zoom: CITY_ZOOM });
  }, [opened, cityId, cityList, startCity, startsOnPin]);

  const places = useGeocodeQuery(debouncedSearch, cityId);
  const placeOptions = useMemo(
    () => (places.data ?? []).map((p, i) => ({ value: `${i}`, label: p.label })),
    [places.data],
  );

  const reset = () => {
    setCityId(null);
    setSearch('');
    setPicked(null);
    setPin(null);
    setView(null);
    setAddress('');
    setPinError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onPin = useCallback((point: LatLng) => {
    setPin(point);
    setPinError(null);
  }, []);

  const pickPlace = (index: string) => {
    const place = places.data?.[Number(index)];
    if (!place) return;
    const point = { latitude: place.latitude, longitude: place.longitude };
    setPicked(place);
    setSearch(place.label);
    setPin(point);
    setPinError(null);
    setView({ center: point, zoom: DETAIL_MAP_ZOOM });
    if (!address.trim()) setAddress(place.label);
  };

  const submit = () => {
    if (!city || !address.trim()) return;
    if (!pin) {
      setPinError(VALIDATION.SELECT_ADDRESS_ON_MAP);
      return;
    }
    const parsed = customerAddressCreateSchema.safeParse({
      latitude: toSixDecimals(pin.latitude),
      longitude: toSixDecimals(pin.longitude),
      customer: customerId,
      address: address.trim(),
      googleAddress: picked?.label ?? '',
      googleLatitude: picked ? toSixDecimals(picked.latitude) : null,
      googleLongitude: picked ? toSixDecimals(picked.longitude) : null,
      vertical,
    });
    if (!parsed.success) {
      setPinError(parsed.error.issues[0]?.message ?? VALIDATION.SELECT_ADDRESS_ON_MAP);
      return;
    }
    create.mutate(
      { ...parsed.data, city: city.id },
      {
        onSuccess: (created) => {
          showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_UPDATED);
          onCreated(created);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New Address" size="lg" centered>
      <Stack gap="sm">
        <Select
          label="City"
          withAsterisk
          placeholder="Select city"
          data={cityList.map((c) => ({ value: String(c.id), label: c.name }))}
          value={cityId === null ? null : String(cityId)}
          rightSection={cities.isPending && opened ? <Loader size="xs" /> : undefined}
          onChange={(value) => {
            const next = cityList.find((c) => String(c.id) === value) ?? null;
            setCityId(next?.id ?? null);
            setSearch('');
            setPicked(null);
            if (next) setView({ center: next.centerPoint, zoom: CITY_ZOOM });
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label="Search place"
          placeholder={city ? `Search in ${city.name}` : 'Select a city first'}
          disabled={!city}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={places.isFetching ? <Loader size="xs" /> : undefined}
          value={search}
          data={placeOptions}
          // The server already matched and bounded the places; show them as they came.
          filter={({ options }) => options}
          onChange={(value) => {
            setSearch(value);
            if (picked && value !== picked.label) setPicked(null);
          }}
          onOptionSubmit={pickPlace}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          Click the map to drop the pin; drag it to adjust.
        </Text>
        <Suspense
          fallback={
            <Center h={300}>
              <Loader aria-label="Loading map" />
            </Center>
          }
        >
          {opened && (
            <AddressPinMap
              center={view?.center ?? city?.centerPoint ?? DEFAULT_MAP_CENTER}
              zoom={view?.zoom ?? CITY_ZOOM}
              pin={pin}
              onPin={onPin}
            />
          )}
        </Suspense>
        {pinError && (
          <Text size="sm" c="red" role="alert">
            {pinError}
          </Text>
        )}
        <Textarea
          label="Address"
          withAsterisk
          autosize
          minRows={2}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter does not submit (spec §5); it is a new line at most.
            if (event.key === 'Enter') event.stopPropagation();
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!city || !address.trim()} loading={create.isPending} onClick={submit}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** For React.lazy in the screens that open it (customer wizard, order create). */
export default NewAddressDialog;
