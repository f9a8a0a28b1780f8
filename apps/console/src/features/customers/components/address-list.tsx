import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import { EMPTY } from '@dastak/core/messages';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export const addressRegionNames = (address: CustomerAddress) =>
  address.regionCustomerAddresses.map((r) => r.region.name).join(', ');

/**
 * A customer's addresses, each with its region names (spec §2.9). Clicking one centres the map
 * on it; with onDelete, each also gets a delete icon.
 */
export function AddressList({
  addresses,
  focusedId,
  onFocus,
  onDelete,
}: {
  addresses: CustomerAddress[];
  focusedId: number | null;
  onFocus: (id: number) => void;
  onDelete?: (address: CustomerAddress) => void;
}) {
  if (addresses.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        No addresses
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Addresses">
      {addresses.map((address, i) => (
        <Group
          key={address.id}
          component="li"
          wrap="nowrap"
          justify="space-between"
          py={8}
          px={6}
          style={{
            borderTop: '1px solid var(--mantine-color-gray-2)',
            background: address.id === focusedId ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <UnstyledButton
            onClick={() => onFocus(address.id)}
            style={{ flex: 1, minWidth: 0 }}
            aria-label={`Show address ${i + 1} on the map`}
          >
            <Group gap={6} wrap="nowrap">
              <Badge size="sm" variant="light" circle>
                {i + 1}
              </Badge>
              <Text size="sm" fw={600}>
                {addressRegionNames(address) || EMPTY.NA}
              </Text>
              {!address.isValid && (
                <Badge size="xs" color="orange" variant="light">
                  Outside regions
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={2}>
              {address.address}
            </Text>
          </UnstyledButton>
          {onDelete && (
            <Tooltip label="Delete address">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete address ${i + 1}`}
                onClick={() => onDelete(address)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
    </Stack>
  );
}
