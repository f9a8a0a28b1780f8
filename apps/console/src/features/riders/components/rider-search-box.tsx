import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Applies on Enter, and at once when cleared (spec §2.10); typing alone does not search. */
export function RiderSearchBox({
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
      aria-label="Search riders"
      placeholder="e.g. Rider Name or Phone"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      w={300}
      type="search"
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
