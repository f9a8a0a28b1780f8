import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Applies on Enter or the search button, and at once when cleared; typing alone does not search. */
export function CustomerSearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  // Back/forward or a link can change the applied search under us.
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      aria-label="Search customers"
      placeholder="Customer Name or Phone"
      value={text}
      w={320}
      type="search"
      rightSection={
        <ActionIcon variant="subtle" aria-label="Search" onClick={() => onSearch(text.trim())}>
          <IconSearch size={16} />
        </ActionIcon>
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
