import { Group, Loader, Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered table of a short list with a loader until it arrives (Sessions, Staff accounts). */
export function LoadingTable({
  loading,
  head,
  children,
}: {
  loading: boolean;
  /** The header cells. */
  head: ReactNode;
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
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
