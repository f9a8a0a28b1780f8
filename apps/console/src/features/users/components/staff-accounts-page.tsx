import type { StaffAccount } from '@dastak/core/entities/auth';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingTable } from '../../../components/loading-table';
import { useSessionUser } from '../../../lib/use-session';
import { useDeactivateStaffUserMutation } from '../api/deactivate-staff-user';
import { useStaffAccountsQuery } from '../api/get-staff-accounts';

/**
 * /staff (ADR 0053), for 'Can manage staff': the staff accounts, and Deactivate, which
 * stops the account and ends every session of it at once.
 */
export function StaffAccountsPage() {
  useDocumentTitle('Staff accounts · Dastak');
  const me = useSessionUser();
  const accounts = useStaffAccountsQuery();
  const deactivate = useDeactivateStaffUserMutation();
  const [target, setTarget] = useState<StaffAccount | null>(null);

  return (
    <Stack gap="lg" p="lg" maw={980}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Staff accounts
        </Title>
        <Text c="dimmed" size="sm">
          Deactivating an account signs it out everywhere at once; it can no longer sign in.
        </Text>
      </Stack>
      <LoadingTable
        loading={accounts.isPending}
        columns={['Name', 'Email', 'Last login', 'Status']}
        withActions
      >
        {(accounts.data ?? []).map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Text size="sm">{a.fullName}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{a.email}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {a.lastLogin
                  ? `${formatDisplayDate(a.lastLogin)} ${formatTime12(a.lastLogin)}`
                  : '-'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={a.isActive ? 'green' : 'gray'}>
                {a.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Table.Td>
            <Table.Td>
              {a.isActive && a.id !== me?.id && (
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  aria-label={`Deactivate ${a.fullName}`}
                  onClick={() => setTarget(a)}
                >
                  Deactivate
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </LoadingTable>
      <ConfirmDialog
        opened={target !== null}
        title="Deactivate this account?"
        text={`${target?.fullName ?? ''} is signed out everywhere now and can no longer sign in.`}
        confirmLabel="Deactivate"
        color="red"
        loading={deactivate.isPending}
        onConfirm={() => {
          if (target) deactivate.mutate(target.id, { onSuccess: () => setTarget(null) });
        }}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
