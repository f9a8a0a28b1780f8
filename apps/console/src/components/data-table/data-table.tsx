import { Paper, Table } from '@mantine/core';
import { type Key, type KeyboardEvent, type ReactNode, useCallback, useMemo } from 'react';
import { ListFooter, type ListLoadProps } from './list-footer';

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
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
  ...load
}: DataTableProps<T>) {
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
      <ListFooter empty={rows.length === 0} emptyText={emptyText} {...load} />
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
