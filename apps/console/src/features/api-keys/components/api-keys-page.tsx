import type { ApiKey } from '@dastak/core/entities/api-keys';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS } from '@dastak/core/messages/api-keys';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingTable } from '../../../components/loading-table';
import { PageHeader } from '../../../components/page-header';
import { showSuccessToast } from '../../../lib/toast';
import { useApiKeysQuery } from '../api/get-api-keys';
import { useRevokeApiKeyMutation } from '../api/revoke-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const when = (iso: string | null) => (iso ? `${formatDisplayDate(iso)} ${formatTime12(iso)}` : '-');

const scopeLabel = (scope: string) =>
  API_KEY_SCOPE_LABELS[scope as keyof typeof API_KEY_SCOPE_LABELS] ?? scope;

/**
 * /api-keys (docs/decisions/0066-api-keys.md), for 'Can manage API keys': the keys of the lab's
 * systems, a create dialog that shows a new key once, and Revoke, which stops a key at once.
 */
export function ApiKeysPage() {
  useDocumentTitle('API keys · Dastak');
  const keys = useApiKeysQuery();
  const revoke = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<ApiKey | null>(null);
  const rows = keys.data?.results ?? [];

  return (
    <Stack gap="lg" p="lg" maw={1200}>
      <PageHeader
        align="flex-start"
        title={API_KEY_MESSAGES.TITLE}
        description={
          <>
            Keys for a lab's systems, sent as <Code>Authorization: Bearer &lt;key&gt;</Code>. A key
            reaches only the routes of its scopes, and every use is in the audit trail.
          </>
        }
        action={<Button onClick={() => setCreating(true)}>Create API key</Button>}
      />
      <LoadingTable
        loading={keys.isPending}
        columns={['Name', 'Key', 'Scopes', 'Created by', 'Created', 'Last used', 'Status']}
        withActions
      >
        {rows.map((k) => (
          <Table.Tr key={k.id}>
            <Table.Td>
              <Text size="sm">{k.name}</Text>
            </Table.Td>
            <Table.Td>
              <Code style={{ whiteSpace: 'nowrap' }}>{k.prefix}…</Code>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {k.scopes.map((s) => (
                  <Badge key={s} size="sm" variant="light" title={s}>
                    {scopeLabel(s)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{k.createdBy.name}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{when(k.created)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{when(k.lastUsed)}</Text>
            </Table.Td>
            <Table.Td>
              {k.revoked ? (
                <Badge size="sm" variant="light" color="gray" title={`Revoked ${when(k.revoked)}`}>
                  Revoked
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color="green">
                  Active
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {!k.revoked && (
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  aria-label={`Revoke ${k.name}`}
                  onClick={() => setTarget(k)}
                >
                  Revoke
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </LoadingTable>
      {keys.isSuccess && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center">
          {API_KEY_MESSAGES.EMPTY}
        </Text>
      )}
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={target !== null}
        title={`Revoke ${target?.name ?? 'this key'}?`}
        text={API_KEY_MESSAGES.REVOKE_CONFIRM}
        confirmLabel="Revoke"
        color="red"
        loading={revoke.isPending}
        onConfirm={() => {
          if (target)
            revoke.mutate(target.id, {
              onSuccess: () => {
                showSuccessToast(API_KEY_MESSAGES.REVOKED);
                setTarget(null);
              },
            });
        }}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
