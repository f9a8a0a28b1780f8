import type { CustomerLink } from '@dastak/core/entities/feedback';
import type { Order } from '@dastak/core/entities/orders';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { formatWhen, LastMessage, LinkStateTag } from '../../../components/customer-link-parts';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useOrderLinksQuery } from '../api/get-order-links';
import { useResendOrderLinkMutation } from '../api/resend-order-link';
import { DetailCard } from './detail-card';

function validity(link: CustomerLink): string {
  if (link.isExpired) return link.expiresAt ? `Expired ${formatWhen(link.expiresAt)}` : 'Expired';
  if (link.kind === 'riderLiveLocation' || !link.expiresAt) return 'Valid until order is picked';
  return `Valid until ${formatWhen(link.expiresAt)}`;
}

function LinkRow({
  order,
  link,
  canResend,
}: {
  order: Order;
  link: CustomerLink;
  canResend: boolean;
}) {
  const resend = useResendOrderLinkMutation(order.vertical, order.id);
  const label = LINK_MESSAGES.LINK_KIND_LABELS[link.kind];
  const open = link.state === 'sent' || link.state === 'opened';
  return (
    <Stack
      gap={4}
      data-testid="customer-link"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <LinkStateTag state={link.state} />
        </Group>
        <Group gap={6} wrap="nowrap">
          {canResend && (
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconSend size={12} />}
              aria-label={`Resend ${label} link`}
              disabled={!open}
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(link.ref, {
                  onSuccess: () => showSuccessToast(LINK_MESSAGES.MESSAGE_RESENT),
                })
              }
            >
              Resend
            </Button>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Sent {formatWhen(link.created)} · {validity(link)}
        {link.openedAt ? ` · opened ${formatWhen(link.openedAt)}` : ''}
        {link.usedAt ? ` · answered ${formatWhen(link.usedAt)}` : ''}
      </Text>
      <LastMessage link={link} />
    </Stack>
  );
}

/** The links texted to the order's customer (ADR 0038): live location, order review. */
export function CustomerLinksBlock({ order }: { order: Order }) {
  const query = useOrderLinksQuery(order.vertical, order.id);
  const canResend = useHasPermission(PERMISSIONS.CAN_CHANGE_ORDER);
  const links = query.data ?? [];
  return (
    <DetailCard title="Customer Links">
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading customer links" />
        </Center>
      ) : query.isError ? (
        <Text size="sm" c="dimmed">
          Links could not be loaded
        </Text>
      ) : links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No link sent yet
        </Text>
      ) : (
        <Stack gap={0}>
          {links.map((link) => (
            <LinkRow key={link.ref} order={order} link={link} canResend={canResend} />
          ))}
        </Stack>
      )}
    </DetailCard>
  );
}
