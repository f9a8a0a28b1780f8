import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ListSearchBox } from '../../../components/list-toolbar/list-search-box';
import { listTitle } from '../../../components/list-toolbar/list-title';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { useCustomersQuery } from '../api/get-customers';
import { customerFiltersFromQuery, customerFiltersToQuery } from '../customer-filters';
import { CUSTOMER_CREATE_PATH } from '../customer-paths';
import { CustomerFilterPanel } from './customer-filter-panel';
import { CustomersTable } from './customers-table';

/** /customers (spec §2.9): the search and regions live in the query string. */
export function CustomersListPage() {
  useDocumentTitle('Customers · Dastak');
  const { filters, apply, update } = useUrlFilters(
    customerFiltersFromQuery,
    customerFiltersToQuery,
    'ordering',
  );
  const [filtersOpen, filterPanel] = useDisclosure(false);

  const customers = useCustomersQuery(filters);
  const rows = useMemo(
    () => customers.data?.pages.flatMap((page) => page.results) ?? [],
    [customers.data],
  );
  const firstPage = customers.data?.pages[0];
  const regionCount = filters.allRegions ? 0 : filters.regions.length;

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {listTitle('Customers', firstPage?.count, firstPage?.countIsCapped)}
        </Title>
        <Button component={Link} to={CUSTOMER_CREATE_PATH} leftSection={<IconPlus size={16} />}>
          New Customer
        </Button>
      </Group>
      <Group gap="sm">
        <ListSearchBox
          label="Search customers"
          placeholder="Customer Name or Phone"
          value={filters.search}
          onSearch={(search) => update({ search })}
          withButton
        />
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            regionCount > 0 ? (
              <Badge size="sm" circle aria-label={`${regionCount} regions selected`}>
                {regionCount}
              </Badge>
            ) : undefined
          }
          onClick={filterPanel.open}
        >
          Filters
        </Button>
      </Group>
      <CustomersTable
        customers={rows}
        {...listLoadProps(
          customers,
          listLoadErrorText(customers.error, 'customers', 'Reload the page to try again.'),
        )}
      />
      <CustomerFilterPanel
        opened={filtersOpen}
        applied={filters}
        onClose={filterPanel.close}
        onApply={(next) => {
          apply(next);
          filterPanel.close();
        }}
      />
    </Stack>
  );
}
