import type { BulkReassignLine } from '@dastak/core/entities/bulk-reassign';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { ASSIGNABLE_RIDER_TABS } from '@dastak/core/states';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { ReasonSelect } from '../../orders/public';
import { useCommitReassignAllMutation } from './api/commit-reassign-all';
import { useReassignProposalQuery } from './api/get-reassign-proposal';

/** What the dispatcher made of one proposal line. */
type Choice = { keep: boolean; riderId: number | null };

const slotText = (line: BulkReassignLine) => {
  const end = new Date(new Date(line.pickup).getTime() + line.timeSlotMinutes * 60_000);
  return `${formatDisplayDate(line.pickup)}, ${formatTime12(line.pickup)} - ${formatTime12(end)}`;
};

/**
 * The line's riders under the single re-assign's tab names (the same riders, grouped
 * the same way); empty groups are left out.
 */
const candidateOptions = (line: BulkReassignLine) =>
  ASSIGNABLE_RIDER_TABS.flatMap(({ group, label }) => {
    const items = line.candidates
      .filter((r) => r.group === group)
      .map((r) => ({ value: String(r.id), label: r.name }));
    return items.length > 0 ? [{ group: label, items }] : [];
  });

/**
 * Reassign all pickups: the solver's proposal, one line per pending pickup; the
 * dispatcher changes any rider, drops any line, and commits the kept ones in one go.
 */
export function BulkReassignDialog({
  riderId,
  onClose,
  onCommitted,
}: {
  riderId: number;
  onClose: () => void;
  onCommitted?: () => void;
}) {
  const proposal = useReassignProposalQuery(riderId, true);
  const commit = useCommitReassignAllMutation(riderId);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [reasonId, setReasonId] = useState<number | undefined>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();

  // A fresh proposal (first load or after a 409) resets every line to what the solver says.
  useEffect(() => {
    if (!proposal.data) return;
    setChoices(
      Object.fromEntries(
        proposal.data.lines.map((l) => [
          l.orderId,
          { keep: l.proposedRider !== null, riderId: l.proposedRider?.id ?? null },
        ]),
      ),
    );
  }, [proposal.data]);

  const lines = proposal.data?.lines ?? [];
  const vertical = lines[0]?.vertical ?? 'blood';
  const choose = (orderId: number, change: Partial<Choice>) =>
    setChoices((c) => ({
      ...c,
      [orderId]: { ...(c[orderId] ?? { keep: false, riderId: null }), ...change },
    }));

  const submit = async () => {
    setProblem(null);
    const kept = lines.flatMap((l) => {
      const c = choices[l.orderId];
      return c?.keep && c.riderId
        ? [{ orderId: l.orderId, riderId: c.riderId, version: l.version }]
        : [];
    });
    if (kept.length === 0) {
      setProblem(M.NOTHING_KEPT);
      return;
    }
    if (!reasonId) {
      setReasonError('Select a reason');
      return;
    }
    try {
      const reply = await commit.mutateAsync({
        lines: kept,
        reassignmentStringId: reasonId,
        reason: note,
      });
      showSuccessToast(reply.detail);
      onCommitted?.();
      onClose();
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : undefined;
      setProblem(detail ?? 'The pickups could not be reassigned. Try again in a moment.');
      if (error instanceof ApiError && error.status === 409) await proposal.refetch();
    }
  };

  return (
    <Modal opened onClose={onClose} title={M.TITLE} size="80rem" centered>
      <Stack gap="sm">
        {/* Opened from a list (the dashboard's riders), the dialog says whose pickups these are. */}
        {proposal.data && (
          <Text size="sm" c="dimmed" data-testid="bulk-reassign-rider">
            Pending pickups of {proposal.data.rider.name}
          </Text>
        )}
        {problem && (
          <Alert color="red" data-testid="bulk-reassign-problem">
            {problem}
          </Alert>
        )}
        {proposal.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading proposal" />
          </Center>
        ) : proposal.isError ? (
          <Text c="red.8">The proposal could not be loaded. Try again in a moment.</Text>
        ) : lines.length === 0 ? (
          <Text c="dimmed">{M.EMPTY}</Text>
        ) : (
          <Table striped withTableBorder verticalSpacing="xs" data-testid="bulk-reassign-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Keep</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th>Slot</Table.Th>
                <Table.Th>Area</Table.Th>
                <Table.Th>New rider</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const c = choices[l.orderId] ?? { keep: false, riderId: null };
                return (
                  <Table.Tr key={l.orderId} data-testid="bulk-line" data-order-id={l.orderId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Keep ${l.number}`}
                        checked={c.keep}
                        disabled={c.riderId === null}
                        onChange={(e) => choose(l.orderId, { keep: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {l.number}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {slotText(l)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{l.area}</Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {l.address}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={240}>
                      <Select
                        aria-label={`New rider for ${l.number}`}
                        placeholder="No rider"
                        data={candidateOptions(l)}
                        value={c.riderId ? String(c.riderId) : null}
                        onChange={(v) =>
                          choose(l.orderId, { riderId: v ? Number(v) : null, keep: !!v })
                        }
                        searchable
                        // Picking the chosen rider again keeps them (Mantine would clear the
                        // line); a line is dropped with its Keep box.
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                        disabled={!c.keep && c.riderId !== null}
                      />
                      {l.reason && c.riderId === null && (
                        <Text size="xs" c="orange.8" mt={4}>
                          {l.reason}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {lines.length > 0 && (
          <Group grow align="flex-start">
            <ReasonSelect
              kind="reassignment"
              vertical={vertical}
              value={reasonId}
              onChange={(id) => {
                setReasonId(id);
                setReasonError(undefined);
              }}
              error={reasonError}
            />
            <Textarea
              label={M.NOTE_LABEL}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={1}
            />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit} loading={commit.isPending} disabled={lines.length === 0}>
            {M.COMMIT}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
