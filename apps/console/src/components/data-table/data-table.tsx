import { Box, Button, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { type Key, type KeyboardEvent, type ReactNode, useCallback, useMemo } from 'react';
import { useScrollToBottom } from './use-scroll-to-bottom';

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
};

/** How far a paged list has loaded (listLoadProps makes it from an infinite query). */
export type ListLoadProps = {
  /** The list could not be read (no permission, server down): said instead of the empty text. */
  errorText?: string;
  /** First page still loading: a spinner instead of the empty text. */
  loading?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
};

export type DataTableProps<T> = ListLoadProps & {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** Accessible name of the table. */
  label: string;
  onRowClick?: (row: T) => void;
  /** Shown in place of the rows when there are none (spec §8 empty states). */
  emptyText: string;
};

/**
 * The list table of every paged screen: click a row to open it, and more rows arrive from the
 * Load More button or by scrolling to the page bottom (debounced, spec §2.3).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  onRowClick,
  emptyText,
  errorText,
  loading = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: DataTableProps<T>) {
  const canLoadMore = hasMore && !loadingMore && !loading && onLoadMore !== undefined;
  useScrollToBottom(() => {
    if (canLoadMore) onLoadMore();
  }, canLoadMore);

  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  };

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table
          aria-label={label}
          highlightOnHover={onRowClick !== undefined}
          verticalSpacing="sm"
          horizontalSpacing="md"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKeyDown(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      )}
      {!loading && rows.length === 0 && (
        <Text ta="center" c="dimmed" py="xl">
          {errorText ?? emptyText}
        </Text>
      )}
      {!loading && hasMore && onLoadMore && (
        <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Center>
            <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
              Load More
            </Button>
          </Center>
        </Box>
      )}
    </Paper>
  );
}

/**
 * Each row's 1-based position by its key, for an SN column: a column's renderer gets the row,
 * not its index.
 */
export function useRowPositions<T>(rows: T[], rowKey: (row: T) => Key): (row: T) => number {
  const positions = useMemo(() => new Map(rows.map((r, i) => [rowKey(r), i + 1])), [rows, rowKey]);
  return useCallback((row: T) => positions.get(rowKey(row)) ?? 0, [positions, rowKey]);
}
