import { PERMISSIONS } from '@dastak/core/permissions';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { listTitle } from '../../../components/list-toolbar/list-title';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { useHasPermission } from '../../../lib/use-session';
import { useRidersQuery } from '../api/get-riders';
import {
  activeRiderFilterCount,
  riderFiltersFromQuery,
  riderFiltersToQuery,
} from '../rider-filters';
import { CreateRiderDialog } from './create-rider-dialog';
import { RiderFilterPanel } from './rider-filter-panel';
import { RidersTable } from './riders-table';

/** /riders (spec §2.10): the filter set and search live in the query string. */
export function RidersListPage() {
  useDocumentTitle('Riders · Dastak');
  const { filters, apply, update } = useUrlFilters(
    riderFiltersFromQuery,
    riderFiltersToQuery,
    'ordering',
  );
  const [filtersOpen, filterPanel] = useDisclosure(false);
  const [createOpen, createDialog] = useDisclosure(false);
  const canAddRider = useHasPermission(PERMISSIONS.CAN_ADD_RIDER);

  const riders = useRidersQuery(filters);
  const rows = useMemo(
    () => riders.data?.pages.flatMap((page) => page.results) ?? [],
    [riders.data],
  );
  const count = riders.data?.pages[0]?.count;
  const activeFilters = activeRiderFilterCount(filters);

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {listTitle('Riders', count)}
        </Title>
        {canAddRider && (
          <Button leftSection={<IconPlus size={16} />} onClick={createDialog.open}>
            Create Rider
          </Button>
        )}
      </Group>
      <ListToolbar
        search={{
          label: 'Search riders',
          placeholder: 'e.g. Rider Name or Phone',
          value: filters.search,
          onSearch: (search) => update({ search }),
        }}
        query={riders}
        activeFilters={activeFilters}
        filters={filterPanel}
      />
      <RidersTable
        riders={rows}
        {...listLoadProps(riders, listLoadErrorText(riders.error, 'riders'))}
      />
      <RiderFilterPanel
        opened={filtersOpen}
        applied={filters}
        onClose={filterPanel.close}
        onApply={(next) => {
          apply(next);
          filterPanel.close();
        }}
      />
      {canAddRider && <CreateRiderDialog opened={createOpen} onClose={createDialog.close} />}
    </Stack>
  );
}
