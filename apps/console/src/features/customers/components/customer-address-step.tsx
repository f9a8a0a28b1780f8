import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import type { Customer } from '@dastak/core/entities/customers';
import { SUCCESS } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { Button, Center, Grid, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DeleteAddressDialog } from '../../../components/delete-address-dialog';
import { showSuccessToast } from '../../../lib/toast';
import { useDeleteCustomerAddressMutation } from '../api/customer-addresses';
import { plural } from '../customer-paths';
import { AddressList } from './address-list';

const CustomerAddressesMap = lazy(() => import('./customer-addresses-map'));
const NewAddressDialog = lazy(() => import('./new-address-dialog'));

const VERTICAL_OPTIONS = [
  { value: 'blood', label: 'Blood' },
  { value: 'xray', label: 'X-Ray' },
];

/**
 * Step 2 of the customer wizard (spec §2.9): the customer's addresses on a map and in a list,
 * Add New Address (for the blood or the X-ray service: each has its own cities) and delete.
 */
export function CustomerAddressStep({ customer }: { customer: Customer }) {
  const [vertical, setVertical] = useState<Vertical>('blood');
  const [dialogOpen, dialog] = useDisclosure(false);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<CustomerAddress | null>(null);
  const remove = useDeleteCustomerAddressMutation(customer.id);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_DELETED);
        if (focusedId === toDelete.id) setFocusedId(null);
        setToDelete(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {plural(customer.addresses.length, 'address', 'addresses')}
        </Text>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Service"
            size="xs"
            data={VERTICAL_OPTIONS}
            value={vertical}
            onChange={(value) => setVertical(value as Vertical)}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={dialog.open}>
            Add New Address
          </Button>
        </Group>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Suspense
            fallback={
              <Center h={360}>
                <Loader aria-label="Loading map" />
              </Center>
            }
          >
            <CustomerAddressesMap addresses={customer.addresses} focusedId={focusedId} />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AddressList
            addresses={customer.addresses}
            focusedId={focusedId}
            onFocus={setFocusedId}
            onDelete={setToDelete}
          />
        </Grid.Col>
      </Grid>
      {dialogOpen && (
        <Suspense fallback={null}>
          <NewAddressDialog
            opened={dialogOpen}
            onClose={dialog.close}
            customerId={customer.id}
            vertical={vertical}
            onCreated={(address) => setFocusedId(address.id)}
          />
        </Suspense>
      )}
      <DeleteAddressDialog
        opened={toDelete !== null}
        address={toDelete?.address ?? ''}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
