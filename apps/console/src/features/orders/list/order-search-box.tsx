import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * Order number search (spec §2.3): applies on Enter or the search button, and at once when
 * cleared; typing alone does not search.
 */
export function OrderSearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  // Back/forward or a link can change the applied search under us.
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={text}
      w={300}
      type="search"
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Search"
          onClick={() => onSearch(text.trim())}
        >
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
