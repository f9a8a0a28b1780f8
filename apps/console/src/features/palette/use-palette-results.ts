import { hasPermission, PERMISSIONS } from '@dastak/core/permissions';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { useDebouncedValue } from '@mantine/hooks';
import type { SessionUser } from '../../lib/session-user';
import { usePaletteCustomersQuery } from './api/search-customers';
import { usePaletteOrdersQuery } from './api/search-orders';
import { usePaletteRidersQuery } from './api/search-riders';
import { paletteActions } from './palette-actions';
import { isPeopleTerm, normaliseTerm, orderVerticalsFor } from './palette-terms';
import type { PaletteItem } from './recent-items';

export type PaletteSection = { key: string; title: string; items: PaletteItem[] };

/** One request per source once typing pauses this long. */
export const SEARCH_PAUSE_MS = 250;
const PER_SOURCE = 5;

const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/**
 * The palette's sections for the typed text: recent items then actions when it is empty;
 * otherwise orders, customers and riders from the existing search endpoints, each asked only
 * when the user may see that list, then the matching actions.
 */
export function usePaletteResults(user: SessionUser | null, text: string, recent: PaletteItem[]) {
  const [term] = useDebouncedValue(normaliseTerm(text), SEARCH_PAUSE_MS);
  const canOrders = hasPermission(user, PERMISSIONS.CAN_VIEW_ORDER);
  const canCustomers = hasPermission(user, PERMISSIONS.CAN_VIEW_CUSTOMER);
  // rider-search is an order viewer's call; the rider page is a rider viewer's.
  const canRiders = canOrders && hasPermission(user, PERMISSIONS.CAN_VIEW_RIDER);
  const verticals = orderVerticalsFor(term);

  const blood = usePaletteOrdersQuery('blood', term, canOrders && verticals.includes('blood'));
  const xray = usePaletteOrdersQuery('xray', term, canOrders && verticals.includes('xray'));
  const people = isPeopleTerm(term);
  const customers = usePaletteCustomersQuery(term, canCustomers && people);
  const riders = usePaletteRidersQuery(term, canRiders && people);

  const typed = text.trim() !== '';
  const sections: PaletteSection[] = [];
  if (!typed) {
    if (recent.length) sections.push({ key: 'recent', title: 'Recent', items: recent });
  } else if (term !== '') {
    const orders = [
      ...(blood.isEnabled ? (blood.data ?? []) : []),
      ...(xray.isEnabled ? (xray.data ?? []) : []),
    ].slice(0, PER_SOURCE * 2);
    sections.push({
      key: 'orders',
      title: 'Orders',
      items: orders.map((o) => ({
        kind: 'order',
        key: `order:${o.id}`,
        label: o.number,
        detail: `${fullName(o.patient)} · ${ORDER_STATE_LABELS[o.state] ?? o.state}`,
        href: `/${o.vertical}/orders/detail/${o.id}`,
      })),
    });
    sections.push({
      key: 'customers',
      title: 'Customers',
      items: (customers.isEnabled ? (customers.data ?? []) : []).slice(0, PER_SOURCE).map((c) => ({
        kind: 'customer',
        key: `customer:${c.id}`,
        label: fullName(c) || c.phone,
        detail: c.phone,
        href: `/customers/detail/${c.id}`,
      })),
    });
    sections.push({
      key: 'riders',
      title: 'Riders',
      items: (riders.isEnabled ? (riders.data ?? []) : []).slice(0, PER_SOURCE).map((r) => ({
        kind: 'rider',
        key: `rider:${r.id}`,
        label: fullName(r),
        detail: r.phone,
        href: `/riders/detail/${r.id}`,
      })),
    });
  }
  sections.push({ key: 'actions', title: 'Actions', items: paletteActions(user, text) });

  const searching =
    typed &&
    (normaliseTerm(text) !== term ||
      [blood, xray, customers, riders].some((q) => q.isEnabled && q.isFetching));
  return { sections: sections.filter((s) => s.items.length > 0), searching };
}
