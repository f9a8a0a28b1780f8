import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export type ListSearch = {
  /** Accessible name of the box ('Search orders'). */
  label: string;
  placeholder: string;
  /** The applied search. */
  value: string;
  onSearch: (search: string) => void;
  /** A search button at the end (the orders and customers lists); otherwise Enter alone. */
  withButton?: boolean;
};

/**
 * A list's search box (spec §2.3, §2.4, §2.9, §2.10): applies on Enter (or the search button),
 * and at once when cleared; typing alone does not search.
 */
export function ListSearchBox({ label, placeholder, value, onSearch, withButton }: ListSearch) {
  const [text, setText] = useState(value);
  // Back/forward or a link can change the applied search under us.
  useEffect(() => setText(value), [value]);
  const icon = <IconSearch size={16} aria-hidden={!withButton} />;
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={text}
      w={320}
      type="search"
      leftSection={withButton ? undefined : icon}
      rightSection={
        withButton ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Search"
            onClick={() => onSearch(text.trim())}
          >
            {icon}
          </ActionIcon>
        ) : undefined
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next === '' && value !== '') onSearch('');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
    />
  );
}
