import { WEBHOOK_EVENT_LABELS, type WebhookSubscription } from '@dastak/core/entities/webhooks';
import { ERRORS } from '@dastak/core/messages';
import { WEBHOOK_MESSAGES } from '@dastak/core/messages/webhooks';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingTable } from '../../../components/loading-table';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteWebhookMutation } from '../api/delete-webhook';
import { useWebhooksQuery } from '../api/get-webhooks';
import { useRotateWebhookSecretMutation } from '../api/rotate-webhook-secret';
import { useUpdateWebhookMutation } from '../api/update-webhook';
import { WebhookCreateDialog } from './webhook-create-dialog';
import { WebhookDeliveriesDrawer } from './webhook-deliveries';
import { WebhookSecretDialog } from './webhook-secret-dialog';

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.detail ?? ERRORS.GENERIC) : ERRORS.GENERIC;

/**
 * /webhooks (docs/decisions/0067-webhooks.md), for 'Can manage webhooks': the lab's systems'
 * subscriptions, their secrets (shown once), and each one's delivery log with 'Send again'.
 */
export function WebhooksPage() {
  useDocumentTitle('Webhooks · Dastak');
  const hooks = useWebhooksQuery();
  const remove = useDeleteWebhookMutation();
  const rotate = useRotateWebhookSecretMutation();
  const update = useUpdateWebhookMutation();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ secret: string; url: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const [rotating, setRotating] = useState<WebhookSubscription | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);

  return (
    <Stack gap="lg" p="lg">
      <PageHeader
        title="Webhooks"
        description="The lab's systems receive order events at their address, signed, once each and in order; failed deliveries are retried for 24 hours."
        action={<Button onClick={() => setCreating(true)}>Add webhook</Button>}
      />
      <LoadingTable
        loading={hooks.isPending}
        columns={['Address', 'Events', 'Status', 'Backlog']}
        withActions
      >
        {(hooks.data ?? []).length === 0 && !hooks.isPending && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text c="dimmed" size="sm">
                No webhooks yet.
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {(hooks.data ?? []).map((h) => (
          <Table.Tr key={h.id} data-testid="webhook-row">
            <Table.Td maw={320}>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {h.url}
              </Text>
              <Text size="xs" c="dimmed">
                {h.description ? `${h.description} · ` : ''}secret {h.secretHint}
              </Text>
            </Table.Td>
            <Table.Td maw={420}>
              <Group gap={4}>
                {h.events.map((e) => (
                  <Badge key={e} size="xs" variant="outline">
                    {WEBHOOK_EVENT_LABELS[e]}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td miw={96}>
              <Badge size="sm" variant="light" color={h.isActive ? 'green' : 'gray'} miw={72}>
                {h.isActive ? 'Active' : 'Paused'}
              </Badge>
            </Table.Td>
            <Table.Td miw={110}>
              <Text size="sm">
                {h.pendingCount} waiting
                {h.failedCount > 0 && (
                  <Text span c="red" size="sm">
                    {' '}
                    · {h.failedCount} failed
                  </Text>
                )}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} w={230}>
                <Button size="xs" variant="light" onClick={() => setLogOf(h)}>
                  Deliveries
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  loading={update.isPending && update.variables?.id === h.id}
                  onClick={() => update.mutate({ id: h.id, body: { isActive: !h.isActive } })}
                >
                  {h.isActive ? 'Pause' : 'Resume'}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setRotating(h)}>
                  Rotate secret
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete webhook ${h.url}`}
                  onClick={() => setDeleting(h)}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </LoadingTable>

      <WebhookCreateDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setShown({ secret: created.secret, url: created.subscription.url });
        }}
      />
      <WebhookSecretDialog
        secret={shown?.secret ?? null}
        url={shown?.url ?? ''}
        onClose={() => setShown(null)}
      />
      <WebhookDeliveriesDrawer subscription={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete webhook?"
        text={`Events will no longer be sent to ${deleting?.url ?? ''}, and its delivery log is deleted.`}
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccessToast(WEBHOOK_MESSAGES.DELETED);
              setDeleting(null);
            },
            onError: (error) => showErrorToast(errorText(error)),
          })
        }
      />
      <ConfirmDialog
        opened={rotating !== null}
        title="Rotate the signing secret?"
        text="A new secret signs every delivery from now on; the system receiving them must switch to it."
        confirmLabel="Rotate"
        loading={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (r) => {
              setRotating(null);
              setShown({ secret: r.secret, url: r.subscription.url });
            },
            onError: (error) => showErrorToast(errorText(error)),
          })
        }
      />
    </Stack>
  );
}
