import type { OrderListItem } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { canStaffTakeAction } from '@dastak/core/rules/order-guards';
import type { OrderState, Vertical } from '@dastak/core/states';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLazyFilterPanel } from '../../../components/filter-panel/use-lazy-filter-panel';
import { listTitle } from '../../../components/list-toolbar/list-title';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar';
import { listLoadErrorText, useUrlFilters } from '../../../components/list-toolbar/url-list-state';
import { orderCreatePath, orderDetailPath } from '../../../lib/order-paths';
import { useSessionUser } from '../../../lib/use-session';
import { useOrdersQuery } from '../api/get-orders';
import { activeOrderFilterCount } from './active-filter-count';
import { listFiltersFromQuery, listFiltersToApiParams, listFiltersToQuery } from './list-filters';
import { OrderListingButtons } from './order-listing-buttons';
import type { OrderRowActions } from './order-row';
import { OrderRowDialogs, type RowDialog } from './order-row-dialogs';
import { OrdersTable } from './orders-table';
import { ORDERS_LIST_NAMES } from './orders-title';

const loadFilterPanel = () => import('./order-filter-panel');
const OrderFilterPanel = lazy(loadFilterPanel);

/**
 * /blood/orders and /xray/orders (spec §2.3). The whole filter set lives in the query string, so
 * a link (or a reload) reproduces the view; the side-nav links open today's window.
 */
export function OrdersListPage({ vertical }: { vertical: Vertical }) {
  const name = ORDERS_LIST_NAMES[vertical];
  useDocumentTitle(`${name} · Dastak`);
  const navigate = useNavigate();
  const { filters, apply, update } = useUrlFilters(listFiltersFromQuery, listFiltersToQuery);

  const user = useSessionUser();
  const permissions = useMemo(
    () => user?.userPermissions.map((p) => p.name) ?? [],
    [user?.userPermissions],
  );
  const canDownload = permissions.includes(PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING);
  // Row actions follow the same table and guards the server checks (core order-guards).
  const canAssign = useCallback(
    (order: OrderListItem) =>
      canStaffTakeAction(
        'assign',
        {
          state: order.state,
          vertical: order.vertical,
          fulfillmentMethod: order.fulfillmentMethod,
          allowManualAssignment: order.allowManualAssignment,
        },
        permissions,
      ),
    [permissions],
  );
  const canCancel = useCallback(
    (state: OrderState) => canStaffTakeAction('cancel', { state, vertical }, permissions),
    [permissions, vertical],
  );

  const filterPanel = useLazyFilterPanel(loadFilterPanel);
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const actions = useMemo<OrderRowActions>(
    () => ({
      onOpen: (order) => navigate(orderDetailPath(vertical, order.id)),
      onAssign: (order) => setDialog({ kind: 'assign', orderId: order.id, opened: true }),
      onCancel: (order) => setDialog({ kind: 'cancel', orderId: order.id, opened: true }),
    }),
    [navigate, vertical],
  );

  const apiParams = useMemo(() => listFiltersToApiParams(filters, vertical), [filters, vertical]);
  const orders = useOrdersQuery(vertical, apiParams);
  const rows = useMemo(
    () => orders.data?.pages.flatMap((page) => page.results) ?? [],
    [orders.data],
  );
  const firstPage = orders.data?.pages[0];
  const activeFilters = activeOrderFilterCount(filters);

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} fz="h2">
          {listTitle(name, firstPage?.count, firstPage?.countIsCapped)}
        </Title>
        <Group gap="sm" wrap="nowrap">
          {canDownload && <OrderListingButtons vertical={vertical} params={apiParams} />}
          <Button
            component={Link}
            to={orderCreatePath(vertical)}
            leftSection={<IconPlus size={16} />}
          >
            New Order
          </Button>
        </Group>
      </Group>
      <ListToolbar
        search={{
          label: 'Search orders',
          placeholder: 'e.g. Order Number',
          value: filters.search,
          onSearch: (search) => update({ search }),
          withButton: true,
        }}
        query={orders}
        activeFilters={activeFilters}
        filters={filterPanel}
      />
      <OrdersTable
        label={name}
        orders={rows}
        vertical={vertical}
        sorting={filters.sorting}
        onSort={(sorting: OrderSorting) => update({ sorting })}
        canAssign={canAssign}
        canCancel={canCancel}
        actions={actions}
        emptyText={EMPTY.NO_ORDERS}
        errorText={listLoadErrorText(orders.error, 'orders')}
        loading={orders.isPending && orders.fetchStatus !== 'idle'}
        hasMore={orders.hasNextPage}
        loadingMore={orders.isFetchingNextPage}
        onLoadMore={() => orders.fetchNextPage()}
      />
      {filterPanel.mounted && (
        <Suspense fallback={null}>
          <OrderFilterPanel vertical={vertical} {...filterPanel.panelProps(filters, apply)} />
        </Suspense>
      )}
      <OrderRowDialogs
        vertical={vertical}
        dialog={dialog}
        onClose={() => setDialog((d) => (d ? { ...d, opened: false } : d))}
      />
    </Stack>
  );
}
