import { formatTime12 } from '@dastak/core/rules/format';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

type Read = Pick<UseQueryResult, 'isError' | 'data' | 'dataUpdatedAt'>;

/**
 * Whether a panel has nothing to show but its failure. When the server cannot be reached, a
 * panel that had figures keeps them, marked stale (StaleNote), until the next read succeeds: a
 * dispatcher in an outage still needs the last counts, and a wall of 'Could not load' told them
 * nothing they could act on.
 */
export const failedEmpty = (query: Read) => query.isError && query.data === undefined;

/** 'Stale: last updated 10:42 am': shown above figures kept through a failed read. */
export function StaleNote({ query }: { query: Read }) {
  if (!query.isError || query.data === undefined) return null;
  return (
    <Text size="xs" c="orange.9" role="status" data-testid="stale-note">
      Stale: last updated {formatTime12(new Date(query.dataUpdatedAt))}, retrying
    </Text>
  );
}
