import type { CustomerListItem } from '@dastak/core/entities/customers';
import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate } from '@dastak/core/rules/format';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { ListLoadProps } from '../../../components/data-table/list-footer';
import { customerDetailPath, customerName, customerUpdatePath } from '../customer-paths';

const columns: DataColumn<CustomerListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (customer) => (
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {customerName(customer) || EMPTY.NA}
        </Text>
        <Text size="xs" c="dimmed">
          {customer.phone}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'orders',
    header: 'Number of orders',
    width: 180,
    render: (customer) => <Text size="sm">{customer.numberOfOrders}</Text>,
  },
  {
    key: 'lastOrder',
    header: 'Last order on',
    width: 180,
    render: (customer) => (
      <Text size="sm">
        {customer.lastOrder ? formatDisplayDate(customer.lastOrder.created) : EMPTY.DASHES}
      </Text>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    width: 120,
    render: (customer) => (
      // The row opens the detail; these links must not trigger that too.
      <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
        <Tooltip label="View">
          <ActionIcon
            component={Link}
            to={customerDetailPath(customer.id)}
            variant="subtle"
            aria-label={`View ${customerName(customer)}`}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Update">
          <ActionIcon
            component={Link}
            to={customerUpdatePath(customer.id)}
            variant="subtle"
            aria-label={`Update ${customerName(customer)}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  },
];

export function CustomersTable({
  customers,
  ...load
}: { customers: CustomerListItem[] } & ListLoadProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Customers"
      columns={columns}
      rows={customers}
      rowKey={(customer) => customer.id}
      onRowClick={(customer) => navigate(customerDetailPath(customer.id))}
      emptyText={EMPTY.NO_CUSTOMER_FOUND}
      {...load}
    />
  );
}
