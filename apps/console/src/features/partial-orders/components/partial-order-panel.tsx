import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { EMPTY } from '@dastak/core/messages';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPickupParts } from '../../../lib/pickup-text';
import { partialOrderCreatePath } from '../partial-order-filters';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * The partial order side panel (spec §2.4): Order ID, Patient Name, City, Phone, Date, Time Slot,
 * Address, and the way on to the create page.
 */
export function PartialOrderPanel({
  order,
  onClose,
}: {
  order: PartialOrderDetail | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size={380}
      title="Partial Order"
      closeButtonProps={{ 'aria-label': 'Close partial order' }}
    >
      {order && (
        <Stack gap="md" aria-label={`Partial order ${order.id}`}>
          <Field label="Order ID">{order.id}</Field>
          <Field label="Patient Name">{order.name || EMPTY.NA}</Field>
          <Field label="City">{order.city?.name ?? EMPTY.NA}</Field>
          <Field label="Phone">{order.phone || EMPTY.NA}</Field>
          <Field label="Date">{order.date ? formatPickupParts(order.date).date : EMPTY.NA}</Field>
          <Field label="Time Slot">{order.timeSlot || EMPTY.NA}</Field>
          <Field label="Address">{order.address || EMPTY.NA}</Field>
          <Group justify="flex-end" mt="sm">
            <Button
              component={Link}
              to={partialOrderCreatePath(order.id)}
              leftSection={<IconEdit size={16} />}
            >
              Create Order
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
