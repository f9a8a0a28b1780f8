import {
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCustomerQuery } from '../api/get-customer';
import { customerName, customerUpdatePath, plural } from '../customer-paths';
import { AddressList } from './address-list';
import { CUSTOMERS_LIST_PATH, CustomerLoadState } from './customer-load-state';
import { CustomerOrderHistory } from './customer-order-history';
import { CustomerProfile } from './customer-profile';
import { CustomerSurveys } from './customer-surveys';

const CustomerAddressesMap = lazy(() => import('./customer-addresses-map'));

export const mapFallback = (height: number) => (
  <Center h={height}>
    <Loader aria-label="Loading map" />
  </Center>
);

/** /customers/detail/{id} (spec §2.9). */
export function CustomerDetailPage() {
  const id = Number(useParams().id);
  const customer = useCustomerQuery(id);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const name = customer.data ? customerName(customer.data) : 'Customer';
  useDocumentTitle(`${name} · Dastak`);

  if (!customer.data) {
    return <CustomerLoadState id={id} error={customer.error} isPending={customer.isPending} />;
  }
  const data = customer.data;
  return (
    <Stack gap="md" p="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={CUSTOMERS_LIST_PATH} size="sm">
          Customers
        </Anchor>
        <Text size="sm">{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {name}
        </Title>
        <Button
          component={Link}
          to={customerUpdatePath(data.id)}
          variant="light"
          leftSection={<IconPencil size={16} />}
        >
          Update
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <CustomerProfile customer={data} />
      </Paper>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4">
                Order History
              </Title>
              <Text size="sm" c="dimmed">
                {plural(data.numberOfOrders, 'order', 'orders')}
              </Text>
            </Group>
            <CustomerOrderHistory customerId={data.id} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="h4" mb="sm">
              Addresses
            </Title>
            <Suspense fallback={mapFallback(320)}>
              <CustomerAddressesMap addresses={data.addresses} focusedId={focusedId} height={320} />
            </Suspense>
            <AddressList addresses={data.addresses} focusedId={focusedId} onFocus={setFocusedId} />
          </Paper>
        </Grid.Col>
      </Grid>
      <CustomerSurveys customerId={data.id} />
    </Stack>
  );
}
