import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import { VALIDATION } from '@dastak/core/messages';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Input,
  Radio,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRosetteDiscountCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';

/** Addresses with the verified marker; Add New Address needs a customer first (spec §5). */
export function AddressList({
  addresses,
  selectedId,
  hasCustomer,
  error,
  onSelect,
  onAdd,
  onDelete,
}: {
  addresses: CustomerAddress[];
  selectedId: number | null;
  hasCustomer: boolean;
  error?: string;
  onSelect: (address: CustomerAddress) => void;
  onAdd: () => void;
  onDelete: (address: CustomerAddress) => void;
}) {
  const [hint, setHint] = useState<string | null>(null);
  return (
    <Input.Wrapper label="Address" withAsterisk error={error ?? hint}>
      <Stack gap="xs" mt={4}>
        <Radio.Group
          value={selectedId === null ? null : String(selectedId)}
          onChange={(v) => {
            const address = addresses.find((a) => String(a.id) === v);
            if (address) onSelect(address);
          }}
        >
          <Stack gap={6}>
            {addresses.map((address) => (
              <Group key={address.id} justify="space-between" wrap="nowrap" gap="xs">
                <Radio
                  value={String(address.id)}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{address.address}</Text>
                      {address.verified && (
                        <Tooltip label="Verified address">
                          <Badge
                            size="xs"
                            style={{ flexShrink: 0 }}
                            color="teal"
                            variant="light"
                            leftSection={<IconRosetteDiscountCheck size={12} />}
                          >
                            Verified
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete address ${address.address}`}
                  onClick={() => onDelete(address)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        <Anchor
          component="button"
          type="button"
          size="sm"
          w="fit-content"
          onClick={() => {
            if (!hasCustomer) {
              setHint(VALIDATION.CREATE_OR_SELECT_CUSTOMER);
              showErrorToast(VALIDATION.CREATE_OR_SELECT_CUSTOMER);
              return;
            }
            setHint(null);
            onAdd();
          }}
        >
          Add New Address
        </Anchor>
      </Stack>
    </Input.Wrapper>
  );
}
