import type { Customer } from '@dastak/core/entities/customers';
import { EMPTY } from '@dastak/core/messages';
import { GENDER_LABELS } from '@dastak/core/states';
import { SimpleGrid, Stack, Text } from '@mantine/core';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/** Profile of spec §2.9: phone, age in years or N/A, gender, email. */
export function CustomerProfile({ customer }: { customer: Customer }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      <Item label="Phone" value={customer.phone} />
      <Item label="Age" value={customer.age === null ? EMPTY.NA : `${customer.age} years`} />
      <Item label="Gender" value={customer.gender ? GENDER_LABELS[customer.gender] : EMPTY.NA} />
      <Item label="Email" value={customer.email || EMPTY.NA} />
    </SimpleGrid>
  );
}
