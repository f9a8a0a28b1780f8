import { Group, Loader, Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered table of a short list with a loader until it arrives (Sessions, Staff accounts,
 * API keys, Webhooks). The header is the columns' names; a row's buttons go in a last column
 * with no visible name, which screen readers still announce as Actions.
 */
export function LoadingTable({
  loading,
  columns,
  withActions = false,
  children,
}: {
  loading: boolean;
  columns: readonly string[];
  /** A last column for each row's buttons. */
  withActions?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      {loading ? (
        <Group p="lg" justify="center">
          <Loader size="sm" />
        </Group>
      ) : (
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {columns.map((name) => (
                <Table.Th key={name}>{name}</Table.Th>
              ))}
              {withActions && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
