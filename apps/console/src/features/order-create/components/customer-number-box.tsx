import { PHONE_LENGTH } from '@dastak/core/constants';
import { EMPTY } from '@dastak/core/messages';
import { Anchor, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { CustomerHit } from '../api/search-customers';
import { cleanCustomerNumber, isFullCustomerNumber, showNoCustomerFound } from '../customer-lookup';

/**
 * 'Customer Number' with its autocomplete (spec §5 Customer number lookup): digits only, at
 * most 11; the lookup text only changes at the lengths that fire a call.
 */
export function CustomerNumberBox({
  number,
  hits,
  fetching,
  found,
  customerLoaded,
  onNumberChange,
  onPick,
}: {
  number: string;
  /** The lookup's matches for the number as typed (empty until it answered). */
  hits: CustomerHit[];
  fetching: boolean;
  /** How many customers the lookup behind the number answered; null until it has. */
  found: number | null;
  customerLoaded: boolean;
  onNumberChange: (number: string) => void;
  onPick: (hit: CustomerHit) => void;
}) {
  const combobox = useCombobox();
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // Keyboard-first booking: an agent on the phone types the number straight away.
  useEffect(() => {
    input.current?.focus();
  }, []);
  const noneFound = showNoCustomerFound({
    number,
    found,
    customerLoaded,
    fetching,
  });

  return (
    <div>
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const hit = hits.find((h) => String(h.id) === id);
          if (hit) onPick(hit);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            ref={input}
            label="Customer Number"
            placeholder="03XXXXXXXXX"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PHONE_LENGTH}
            value={number}
            rightSection={fetching ? <Loader size="xs" /> : null}
            onChange={(e) => {
              onNumberChange(cleanCustomerNumber(e.currentTarget.value));
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter on a full number that one customer has picks them: no arrow needed
              // (ADR 0058). An option the arrows highlighted is the combobox's to submit.
              if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
              if (customerLoaded || combobox.getSelectedOptionIndex() >= 0) return;
              const exact = hits.filter((h) => h.phone === number);
              if (exact.length !== 1 || !exact[0]) return;
              event.preventDefault();
              onPick(exact[0]);
              combobox.closeDropdown();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={hits.length === 0 || customerLoaded}>
          <Combobox.Options>
            {hits.map((hit) => (
              <Combobox.Option value={String(hit.id)} key={hit.id}>
                <Text size="sm">{hit.phone}</Text>
                <Text size="xs" c="dimmed">
                  {hit.firstName} {hit.lastName}
                </Text>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {noneFound && (
        <Text size="sm" c="dimmed" mt={4}>
          {EMPTY.NO_CUSTOMER_FOUND}
          {isFullCustomerNumber(number) && (
            <>
              {', '}
              <Anchor
                component={Link}
                // The wizard comes back here with the new customer and patient (ADR 0058).
                to={`/customers/create?${new URLSearchParams({ phone: number, returnTo: pathname })}`}
                size="sm"
              >
                click here to create customer
              </Anchor>
            </>
          )}
        </Text>
      )}
    </div>
  );
}
