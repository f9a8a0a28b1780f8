import { Loader, ScrollArea, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StaleNote } from './stale-note';

/** The side panel's rows scroll inside the panel, so the panel keeps beside the map. */
export const SIDE_LIST_HEIGHT = 340;

export function SideList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea.Autosize mah={SIDE_LIST_HEIGHT} type="auto" offsetScrollbars>
      <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {children}
      </ul>
    </ScrollArea.Autosize>
  );
}

/** Loading, failure (or rows kept through one, marked stale) or the empty text of a side list. */
export function SideListStatus({
  query,
  empty,
  emptyText,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'data' | 'dataUpdatedAt'>;
  empty: boolean;
  emptyText: string;
}) {
  if (query.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (query.isError && query.data !== undefined) return <StaleNote query={query} />;
  if (query.isError)
    return (
      <Text size="sm" c="red.8">
        Could not load this list.
      </Text>
    );
  if (empty)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return null;
}
