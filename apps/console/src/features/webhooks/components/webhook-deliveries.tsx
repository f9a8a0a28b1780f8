import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@dastak/core/entities/webhooks';
import { ERRORS } from '@dastak/core/messages';
import { WEBHOOK_MESSAGES } from '@dastak/core/messages/webhooks';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useWebhookDeliveriesQuery } from '../api/get-webhook-deliveries';
import { useRedeliverWebhookMutation } from '../api/redeliver-webhook';

const STATE_COLORS: Record<WebhookDelivery['state'], string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Retrying',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

const when = (iso: string) => `${formatDisplayDate(iso)} ${formatTime12(iso)}`;

/** The attempts of one delivery, oldest first: time, answer and how long it took. */
function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.log.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Not sent yet
      </Text>
    );
  return (
    <Stack gap={2}>
      {delivery.log.map((a) => (
        <Text key={a.id} size="xs" c={a.error ? 'red' : undefined}>
          {when(a.at)} · {a.statusCode ?? 'no answer'}
          {a.error && a.statusCode === null ? ` (${a.error})` : ''} · {a.durationMs} ms
        </Text>
      ))}
    </Stack>
  );
}

function DeliveryRows({ subscription }: { subscription: WebhookSubscription }) {
  const deliveries = useWebhookDeliveriesQuery(subscription.id);
  const redeliver = useRedeliverWebhookMutation();
  const rows = useMemo(
    () => deliveries.data?.pages.flatMap((p) => p.results) ?? [],
    [deliveries.data],
  );
  if (deliveries.isPending) {
    return (
      <Group p="lg" justify="center">
        <Loader size="sm" />
      </Group>
    );
  }
  if (rows.length === 0) {
    return <Text c="dimmed">No events yet: they appear here as orders change.</Text>;
  }
  const sendAgain = (d: WebhookDelivery) =>
    redeliver.mutate(
      { id: subscription.id, deliveryId: d.id },
      {
        onSuccess: () => showSuccessToast(WEBHOOK_MESSAGES.REDELIVERY_QUEUED),
        onError: (error) =>
          showErrorToast(
            error instanceof ApiError ? (error.detail ?? ERRORS.GENERIC) : ERRORS.GENERIC,
          ),
      },
    );
  return (
    <Stack gap="sm">
      <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id} data-testid="webhook-delivery">
              <Table.Td>
                <Text size="sm">{WEBHOOK_EVENT_LABELS[d.type]}</Text>
                <Text size="xs" c="dimmed">
                  {when(d.created)}
                  {d.redeliveryOf ? ' · sent again' : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {d.orderNumber ?? d.orderId}
                </Text>
                <Text size="xs" c="dimmed">
                  event #{d.sequence}
                </Text>
              </Table.Td>
              <Table.Td miw={100}>
                <Badge size="sm" variant="light" color={STATE_COLORS[d.state]} miw={84}>
                  {STATE_LABELS[d.state]}
                </Badge>
                {d.lastStatusCode !== null && (
                  <Text size="xs" c="dimmed">
                    HTTP {d.lastStatusCode}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <AttemptLog delivery={d} />
              </Table.Td>
              <Table.Td>
                {(d.state === 'delivered' || d.state === 'failed') && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Send ${WEBHOOK_EVENT_LABELS[d.type]} of ${d.orderNumber ?? d.orderId} again`}
                    loading={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                    onClick={() => sendAgain(d)}
                  >
                    Send again
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {deliveries.hasNextPage && (
        <Group justify="center">
          <Button
            variant="subtle"
            loading={deliveries.isFetchingNextPage}
            onClick={() => deliveries.fetchNextPage()}
          >
            Load More
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A subscription's delivery log in a side drawer, refreshed while open. */
export function WebhookDeliveriesDrawer({
  subscription,
  onClose,
}: {
  subscription: WebhookSubscription | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={subscription !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={subscription ? `Deliveries to ${subscription.url}` : ''}
    >
      {subscription && <DeliveryRows subscription={subscription} />}
    </Drawer>
  );
}
