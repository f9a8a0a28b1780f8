import type { ScanType } from '@dastak/core/entities/catalog';
import { VALIDATION } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useScanTypeSearchQuery } from '../../orders/public';

/**
 * Test-type autocomplete (spec §5 Tests): searches only non-empty text, clearing the text clears
 * the suggestions, and a test not allowed at home is refused with its message.
 */
export function TestPicker({
  vertical,
  tests,
  error,
  onChange,
}: {
  vertical: Vertical;
  tests: ScanType[];
  error?: string;
  onChange: (tests: ScanType[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const results = useScanTypeSearchQuery(vertical, search);
  const suggestions = search.trim() ? (results.data ?? []) : [];
  const known = new Map<string, ScanType>();
  for (const t of [...tests, ...suggestions]) known.set(t.code, t);

  return (
    <MultiSelect
      label="Test Type"
      withAsterisk
      placeholder={tests.length ? undefined : 'Search tests'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={search.trim() && results.isFetched ? 'No tests found' : undefined}
      data={[...known.values()].map((t) => ({
        value: t.code,
        label: `${t.name} (${t.code}) - PKR ${t.value}`,
      }))}
      value={tests.map((t) => t.code)}
      onChange={(codes) => {
        const added = codes.find((c) => !tests.some((t) => t.code === c));
        const addedTest = added ? known.get(added) : undefined;
        if (addedTest && !addedTest.isAllowed) {
          setRefused(VALIDATION.TEST_NOT_ALLOWED);
          return;
        }
        setRefused(null);
        onChange(codes.map((c) => known.get(c)).filter((t): t is ScanType => t !== undefined));
      }}
      error={refused ?? error}
    />
  );
}
