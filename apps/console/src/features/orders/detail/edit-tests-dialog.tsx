import type { OrderScanType, ScanType } from '@dastak/core/entities/catalog';
import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { formatDiscount, orderTotal } from '@dastak/core/rules/order-total';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConflictAlert } from '../../../components/conflict-alert';
import { Tag } from '../../../components/tag';
import { ApiError } from '../../../lib/api-client';
import { type ConflictFields, useEditConflict } from '../../../lib/edit-conflict';
import { showSuccessToast } from '../../../lib/toast';
import { orderKeys } from '../api/order-keys';
import { useScanTypeSearchQuery } from '../api/search-scan-types';
import { useUpdateOrderScanTypesMutation } from '../api/update-order-scan-types';
import { formatPkr } from './money';

const SEARCH_DEBOUNCE_MS = 250;

type Line = OrderScanType;

/** The dialog's fields as the order detail labels them, for 'Sara Khan changed Tests since ...'. */
const CONFLICT_FIELDS: ConflictFields<Order> = {
  Tests: (o) => o.scanTypes.map((l) => [l.scanType.code, l.count]),
  Discount: (o) => o.discountPercent,
};

/** Codes as the server takes them: a line of count n sends its code n times. */
const codesOf = (lines: Line[]) =>
  lines.flatMap((line) => Array.from({ length: line.count }, () => line.scanType.code));

/**
 * Edit tests (spec §2.6, §5): search runs only for non-empty text, at least one test stays
 * ('Select test type'), and the server's answer decides whether a test is allowed at home.
 */
export function EditTestsDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  // The order the dialog was opened on: its version goes with the save (If-Match, ADR 0056),
  // and the order changing on the page meanwhile (live updates) leaves the lines alone.
  const [loaded, setLoaded] = useState(order);
  const [lines, setLines] = useState<Line[]>(order.scanTypes);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [error, setError] = useState<string | null>(null);
  const results = useScanTypeSearchQuery(order.vertical, debounced);
  const save = useUpdateOrderScanTypesMutation(order.id);
  const conflict = useEditConflict<Order>();
  const queryClient = useQueryClient();

  const start = (from: Order) => {
    setLoaded(from);
    setLines(from.scanTypes);
    setSearch('');
    setError(null);
    conflict.clear();
  };
  // Each opening starts from the order's tests as they are then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening takes the order.
  useEffect(() => {
    if (opened) start(order);
  }, [opened]);

  const reload = (current: Order) => {
    queryClient.setQueryData(orderKeys.detail(current.vertical, current.id), current);
    start(current);
  };

  // Clearing the text resets the suggestions (spec §5).
  const suggestions: ScanType[] = search.trim() ? (results.data ?? []) : [];

  const add = (code: string | null) => {
    const test = suggestions.find((s) => s.code === code);
    setSearch('');
    if (!test) return;
    setError(null);
    setLines((current) =>
      current.some((l) => l.scanType.code === test.code)
        ? current.map((l) => (l.scanType.code === test.code ? { ...l, count: l.count + 1 } : l))
        : [...current, { count: 1, scanType: test }],
    );
  };

  const setCount = (code: string, count: number) =>
    setLines((current) =>
      current.map((l) => (l.scanType.code === code ? { ...l, count: Math.max(1, count) } : l)),
    );

  const remove = (code: string) =>
    setLines((current) => current.filter((l) => l.scanType.code !== code));

  // Editing tests keeps the order's discount; the server prices the same way and checks `value`.
  const values = lines.map((l) => l.scanType.value * l.count);
  const total = orderTotal(values, loaded.discountPercent);

  const submit = () => {
    if (lines.length === 0) {
      setError(VALIDATION.SELECT_TEST_TYPE_LOWER);
      return;
    }
    save.mutate(
      {
        body: { scanType: codesOf(lines), value: total > 0 ? total : undefined },
        version: loaded.version,
      },
      {
        onSuccess: (reply) => {
          showSuccessToast(reply.detail || SUCCESS.SCAN_TYPES_SAVED);
          onClose();
        },
        onError: (e) => {
          if (conflict.seen(e)) return;
          if (e instanceof ApiError) setError(e.errors?.scanType?.[0] ?? e.detail ?? null);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Tests" size="lg" centered>
      <Stack gap="md">
        <ConflictAlert
          loaded={loaded}
          conflict={conflict.conflict}
          fields={CONFLICT_FIELDS}
          whole={EDIT_CONFLICT.THIS_ORDER}
          onReload={reload}
        />
        <Select
          label="Add test"
          placeholder="Search by test name or code"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={null}
          onChange={add}
          // The server already matched the text; show its answer as it is.
          filter={({ options }) => options}
          data={suggestions.map((s) => ({
            value: s.code,
            label: `${s.name} (${s.code}) - ${formatPkr(s.value)}${s.isAllowed ? '' : ' - not allowed at home'}`,
          }))}
          nothingFoundMessage={
            debounced.trim() && !results.isFetching ? 'No tests found' : undefined
          }
          rightSection={results.isFetching ? <Text size="xs">...</Text> : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Table aria-label="Selected tests" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test</Table.Th>
              <Table.Th w={90}>Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.scanType.code}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">
                      {line.scanType.name} ({line.scanType.code})
                    </Text>
                    {!line.scanType.isAllowed && (
                      <Tag size="sm" color="red">
                        Not allowed at home
                      </Tag>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantity of ${line.scanType.name}`}
                    size="xs"
                    min={1}
                    max={9}
                    allowDecimal={false}
                    value={line.count}
                    onChange={(v) => setCount(line.scanType.code, Number(v) || 1)}
                  />
                </Table.Td>
                <Table.Td ta="right">{formatPkr(line.scanType.value * line.count)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${line.scanType.name}`}
                    onClick={() => remove(line.scanType.code)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid="edit-tests-error">
            {error}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">
            Total
            {loaded.discountPercent > 0
              ? ` (after ${formatDiscount(loaded.discountPercent)} discount)`
              : ''}
            : <b data-testid="edit-tests-total">{formatPkr(total)}</b>
          </Text>
          <Group gap="lg">
            <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClose}>
              Close
            </Anchor>
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
