import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { hasPermission, PERMISSIONS } from '@dastak/core/permissions';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { ActionIcon, Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilter, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { listLoadErrorText, useUrlFilters } from '../../../components/list-toolbar/url-list-state';
import { showSuccessToast } from '../../../lib/toast';
import { useSessionUser } from '../../auth/hooks/use-session';
import { OrderSearchBox } from '../../orders/list/order-search-box';
import { listTitle } from '../../orders/list/orders-title';
import { useCancelPartialOrderMutation } from '../api/cancel-partial-order';
import { usePartialOrdersQuery } from '../api/get-partial-orders';
import {
  activePartialOrderFilterCount,
  partialOrderFiltersFromQuery,
  partialOrderFiltersToQuery,
} from '../partial-order-filters';
import { PartialOrderPanel } from './partial-order-panel';
import { PartialOrdersTable } from './partial-orders-table';

const loadFilterPanel = () => import('./partial-order-filter-panel');
const PartialOrderFilterPanel = lazy(loadFilterPanel);

/** /partial-orders (spec §2.4): search, pickup window and sorting kept in the query string. */
export function PartialOrdersListPage() {
  useDocumentTitle('Partial Orders · Dastak');
  const { filters, apply } = useUrlFilters(
    partialOrderFiltersFromQuery,
    partialOrderFiltersToQuery,
  );
  const onSort = useCallback(
    (sorting: OrderSorting) => apply({ ...filters, sorting }),
    [apply, filters],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const [viewing, setViewing] = useState<PartialOrderDetail | null>(null);
  const [deleting, setDeleting] = useState<PartialOrderDetail | null>(null);

  const user = useSessionUser();
  const canCancel = hasPermission(user, PERMISSIONS.CAN_CHANGE_ORDER);
  const cancel = useCancelPartialOrderMutation();
  const actions = useMemo(
    () => ({ onView: setViewing, onDelete: canCancel ? setDeleting : undefined }),
    [canCancel],
  );

  const partials = usePartialOrdersQuery(filters);
  const rows = useMemo(
    () => partials.data?.pages.flatMap((page) => page.results) ?? [],
    [partials.data],
  );
  const firstPage = partials.data?.pages[0];
  const activeFilters = activePartialOrderFilterCount(filters);

  return (
    <Stack gap="md" p="lg">
      <Title order={1} fz="h2">
        {listTitle('Partial Orders', firstPage?.count)}
      </Title>
      <Group gap="sm">
        <OrderSearchBox
          label="Search partial orders"
          placeholder="Order ID"
          value={filters.search}
          onSearch={(search) => apply({ ...filters, search })}
        />
        <Tooltip label="Refresh">
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Refresh"
            loading={partials.isRefetching && !partials.isFetchingNextPage}
            onClick={() => partials.refetch()}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            activeFilters > 0 ? (
              <Badge size="sm" circle aria-label={`${activeFilters} filters applied`}>
                {activeFilters}
              </Badge>
            ) : undefined
          }
          onMouseEnter={() => void loadFilterPanel()}
          onClick={() => {
            setPanelLoaded(true);
            setFiltersOpen(true);
          }}
        >
          Filters
        </Button>
      </Group>
      <PartialOrdersTable
        orders={rows}
        sorting={filters.sorting}
        onSort={onSort}
        actions={actions}
        errorText={listLoadErrorText(partials.error, 'partial orders')}
        loading={partials.isPending && partials.fetchStatus !== 'idle'}
        hasMore={partials.hasNextPage}
        loadingMore={partials.isFetchingNextPage}
        onLoadMore={() => partials.fetchNextPage()}
      />
      <PartialOrderPanel order={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Cancel partial order"
        text={
          deleting
            ? `Cancel partial order ${deleting.id} of ${deleting.name}? It leaves this list.`
            : ''
        }
        confirmLabel="Cancel Partial Order"
        color="red"
        loading={cancel.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          cancel.mutate(deleting.id, {
            onSuccess: (reply) => {
              showSuccessToast(reply.detail);
              setDeleting(null);
            },
          });
        }}
      />
      {panelLoaded && (
        <Suspense fallback={null}>
          <PartialOrderFilterPanel
            opened={filtersOpen}
            applied={filters}
            onClose={() => setFiltersOpen(false)}
            onApply={(next) => {
              apply(next);
              setFiltersOpen(false);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
