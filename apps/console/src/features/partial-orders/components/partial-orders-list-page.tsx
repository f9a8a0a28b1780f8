import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { hasPermission, PERMISSIONS } from '@dastak/core/permissions';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLazyFilterPanel } from '../../../components/filter-panel/use-lazy-filter-panel';
import { listTitle } from '../../../components/list-toolbar/list-title';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { showSuccessToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
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
  const { filters, apply, update } = useUrlFilters(
    partialOrderFiltersFromQuery,
    partialOrderFiltersToQuery,
  );
  const onSort = useCallback((sorting: OrderSorting) => update({ sorting }), [update]);
  const filterPanel = useLazyFilterPanel(loadFilterPanel);
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
      <ListToolbar
        search={{
          label: 'Search partial orders',
          placeholder: 'Order ID',
          value: filters.search,
          onSearch: (search) => update({ search }),
          withButton: true,
        }}
        query={partials}
        activeFilters={activeFilters}
        filters={filterPanel}
      />
      <PartialOrdersTable
        orders={rows}
        sorting={filters.sorting}
        onSort={onSort}
        actions={actions}
        {...listLoadProps(partials, listLoadErrorText(partials.error, 'partial orders'))}
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
      {filterPanel.mounted && (
        <Suspense fallback={null}>
          <PartialOrderFilterPanel {...filterPanel.panelProps(filters, apply)} />
        </Suspense>
      )}
    </Stack>
  );
}
