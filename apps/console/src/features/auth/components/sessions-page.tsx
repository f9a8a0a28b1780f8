import { PERMISSIONS } from '@dastak/core/permissions';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingTable } from '../../../components/loading-table';
import { useHasPermission } from '../../../lib/use-session';
import { useSessionsQuery } from '../api/get-sessions';
import { useSignOutEverywhereMutation } from '../api/sign-out-everywhere';

const when = (iso: string) => `${formatDisplayDate(iso)} ${formatTime12(iso)}`;

/**
 * /sessions (ADR 0053): where the user is signed in (browser and system, since when,
 * last seen) and 'Sign out everywhere', which ends them all at once, this one included. A staff
 * manager reaches Staff accounts from here.
 */
export function SessionsPage() {
  useDocumentTitle('Sessions · Dastak');
  const sessions = useSessionsQuery();
  const signOut = useSignOutEverywhereMutation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const canManageStaff = useHasPermission(PERMISSIONS.CAN_MANAGE_STAFF);

  const confirm = () =>
    signOut.mutate(undefined, { onSuccess: () => navigate('/login', { replace: true }) });

  return (
    <Stack gap="lg" p="lg" maw={880}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Sessions
          </Title>
          <Text c="dimmed" size="sm">
            Where your account is signed in. Sign out everywhere if a device is lost or shared.
          </Text>
        </Stack>
        <Group gap="sm">
          {canManageStaff && (
            <Button variant="default" component={Link} to="/sessions/staff">
              Staff accounts
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            Sign out everywhere
          </Button>
        </Group>
      </Group>
      <LoadingTable loading={sessions.isPending} columns={['Device', 'Signed in', 'Last seen']}>
        {(sessions.data ?? []).map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>
              <Group gap="xs">
                <Text size="sm">{s.device}</Text>
                {s.current && (
                  <Badge size="sm" variant="light">
                    This device
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{when(s.created)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{when(s.lastSeen)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </LoadingTable>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere?"
        text="Every session of your account ends now, this one included. You will sign in again."
        confirmLabel="Sign out everywhere"
        color="red"
        loading={signOut.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
