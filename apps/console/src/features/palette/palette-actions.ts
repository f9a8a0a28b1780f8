import { hasPermission, PERMISSIONS, type PermissionName } from '@dastak/core/permissions';
import type { SessionUser } from '../../lib/session-user';
import type { PaletteItem } from './recent-items';

type ActionDef = { label: string; href: string; permission?: PermissionName };

/**
 * The screens the palette can open, gated as the side nav and the router gate them: the nav's
 * permissions for Shifts, Attendance and Reporting, the router's for the dashboards, and the
 * server's for creating an order. Lists open without a query: they apply their own defaults.
 */
const ACTIONS: ActionDef[] = [
  { label: 'New blood order', href: '/blood/orders/create', permission: PERMISSIONS.CAN_ADD_ORDER },
  { label: 'New X-ray order', href: '/xray/orders/create', permission: PERMISSIONS.CAN_ADD_ORDER },
  {
    label: 'Blood dashboard',
    href: '/blood/dashboard',
    permission: PERMISSIONS.CAN_VIEW_DASHBOARD,
  },
  {
    label: 'X-ray dashboard',
    href: '/xray/dashboard',
    permission: PERMISSIONS.CAN_VIEW_DASHBOARD,
  },
  {
    label: 'Blood city dashboard',
    href: '/blood/city/dashboard',
    permission: PERMISSIONS.CAN_VIEW_DASHBOARD,
  },
  {
    label: 'X-ray city dashboard',
    href: '/xray/city/dashboard',
    permission: PERMISSIONS.CAN_VIEW_DASHBOARD,
  },
  { label: 'Blood orders', href: '/blood/orders' },
  { label: 'X-ray orders', href: '/xray/orders' },
  { label: 'Customers', href: '/customers' },
  { label: 'Riders', href: '/riders' },
  { label: 'Shifts', href: '/shifts', permission: PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE },
  { label: 'Attendance', href: '/attendance', permission: PERMISSIONS.CAN_VIEW_RIDER_SHIFT },
  { label: 'Unverified orders', href: '/unverified-orders' },
  { label: 'Partial orders', href: '/partial-orders' },
  {
    label: 'Reporting dashboard',
    href: '/reporting-dashboard',
    permission: PERMISSIONS.CAN_VIEW_REPORTS,
  },
  { label: 'Issue reporting', href: '/issue-reporting' },
  { label: 'Release notes', href: '/release-notes' },
  { label: 'FAQs', href: '/faqs' },
];

/** The actions `user` may take whose label contains `term` (all of them for an empty term). */
export function paletteActions(user: SessionUser | null, term: string): PaletteItem[] {
  const needle = term.trim().toLowerCase();
  return ACTIONS.filter(
    (a) =>
      (!a.permission || hasPermission(user, a.permission)) &&
      (needle === '' || a.label.toLowerCase().includes(needle)),
  ).map((a) => ({ kind: 'action', key: `action:${a.href}`, label: a.label, href: a.href }));
}
