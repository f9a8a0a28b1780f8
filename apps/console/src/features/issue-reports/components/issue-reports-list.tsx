import {
  ISSUE_CATEGORY_LABELS,
  type IssueCategory,
  type IssueStatus,
} from '@dastak/core/entities/issue-reports';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import {
  Alert,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ISSUE_PAGE_SIZE, useIssueReportsQuery } from '../api/get-issue-reports';
import { CATEGORY_OPTIONS, STATUS_OPTIONS } from '../issue-labels';
import { IssueStatusBadge } from './issue-status-badge';

export type IssueListState = { status?: IssueStatus; category?: IssueCategory; page: number };

/** Reported issues with status and category filters; a row opens its drawer. */
export function IssueReportsList({
  state,
  onChange,
  onOpen,
  showReporter,
}: {
  state: IssueListState;
  onChange: (next: IssueListState) => void;
  onOpen: (id: number) => void;
  /** Managers see everyone's reports, so the reporter's name matters. */
  showReporter: boolean;
}) {
  const list = useIssueReportsQuery(state);
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / ISSUE_PAGE_SIZE));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="h4">
            {showReporter ? 'Reported issues' : 'My reported issues'}
          </Title>
          <Group gap="xs">
            <Select
              label="Status"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={state.status ?? null}
              onChange={(v) =>
                onChange({ ...state, status: (v as IssueStatus) ?? undefined, page: 1 })
              }
              clearable
              w={150}
              size="xs"
            />
            <Select
              label="Category"
              placeholder="Any category"
              data={CATEGORY_OPTIONS}
              value={state.category ?? null}
              onChange={(v) =>
                onChange({ ...state, category: (v as IssueCategory) ?? undefined, page: 1 })
              }
              clearable
              w={150}
              size="xs"
            />
          </Group>
        </Group>
        {list.isPending ? (
          <Loader aria-label="Loading issues" size="sm" />
        ) : list.isError ? (
          <Alert color="red">The issues could not be loaded.</Alert>
        ) : list.data.results.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center">
            {state.status || state.category
              ? 'No issues match these filters.'
              : 'No issues reported yet.'}
          </Text>
        ) : (
          <Table highlightOnHover verticalSpacing="xs" aria-label="Reported issues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Status</Table.Th>
                {showReporter && <Table.Th>Reported by</Table.Th>}
                <Table.Th>Order</Table.Th>
                <Table.Th>Reported</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((r) => (
                <Table.Tr key={r.id} onClick={() => onOpen(r.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td>
                    {/* Activating the button clicks the row, which opens the drawer. */}
                    <UnstyledButton fw={500}>
                      <Group gap={4} wrap="nowrap">
                        {r.title}
                        {r.hasScreenshot && (
                          <IconPaperclip size={14} aria-label="Has a screenshot" />
                        )}
                      </Group>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{ISSUE_CATEGORY_LABELS[r.category]}</Table.Td>
                  <Table.Td>
                    <IssueStatusBadge status={r.status} />
                  </Table.Td>
                  {showReporter && <Table.Td>{r.reporter.fullName}</Table.Td>}
                  <Table.Td>{r.order?.number ?? ''}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(r.created)} {formatTime12(r.created)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={state.page}
            onChange={(page) => onChange({ ...state, page })}
            size="sm"
          />
        )}
      </Stack>
    </Paper>
  );
}
