import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ReportColumn<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
};

/**
 * The table under a chart: the same numbers the chart draws, to read exactly. Named by its
 * caption so a screen reader (and the e2e spec) can find it among the page's tables.
 */
export function ReportTable<T>({
  name,
  columns,
  rows,
  rowKey,
  maxHeight = 280,
}: {
  name: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  maxHeight?: number;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No data in this range.
      </Text>
    );
  }
  return (
    // Focusable, so a keyboard can scroll a long table (axe: scrollable-region-focusable).
    <Box mah={maxHeight} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={name}>
      <Table
        aria-label={name}
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        fz="xs"
        verticalSpacing={4}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
