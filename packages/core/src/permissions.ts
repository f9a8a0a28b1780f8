/**
 * Permission names (spec §6). Users carry a list of these names; the console hides what a
 * user may not do and the server refuses it. The first group is named in the spec; the second
 * group covers server actions the spec leaves ungated in the console but that a route must still
 * declare (Django-style names, matching the spec's own 'Can assign order' style).
 */
export const PERMISSIONS = {
  CAN_ADD_RIDER: 'CAN_ADD_RIDER',
  CAN_DOWNLOAD_ORDER_LISTING: 'CAN_DOWNLOAD_ORDER_LISTING',
  CAN_DOWNLOAD_ATTENDANCE_LISTING: 'CAN_DOWNLOAD_ATTENDANCE_LISTING',
  CAN_VIEW_SHIFT_SCHEDULE: 'CAN_VIEW_SHIFT_SCHEDULE',
  CAN_VIEW_RIDER_SHIFT: 'CAN_VIEW_RIDER_SHIFT',
  CAN_RESCHEDULE_ORDER: 'Can reschedule order',
  CAN_CHANGE_USER: 'CAN_CHANGE_USER',
  CAN_ASSIGN_ORDER: 'Can assign order',
  CAN_DELETE_PATIENT: 'CAN_DELETE_PATIENT',
  CAN_COPY_ORDER: 'Can copy order',

  // Server-side names for the remaining actions.
  CAN_VIEW_ORDER: 'Can view order',
  CAN_ADD_ORDER: 'Can add order',
  CAN_CHANGE_ORDER: 'Can change order',
  CAN_CANCEL_ORDER: 'Can cancel order',
  CAN_VERIFY_ORDER: 'Can verify order',
  CAN_DELIVER_ORDER: 'Can deliver order',
  CAN_VIEW_CUSTOMER: 'Can view customer',
  CAN_CHANGE_CUSTOMER: 'Can change customer',
  CAN_VIEW_RIDER: 'Can view rider',
  CAN_CHANGE_SHIFT_SCHEDULE: 'Can change shift schedule',
  CAN_CHANGE_RIDER_SHIFT: 'Can change rider shift',
  CAN_VIEW_DASHBOARD: 'Can view dashboard',
  CAN_MANAGE_STAFF: 'Can manage staff',
  /** The website and chat channels' service accounts leave partial orders (ADR 0017). */
  CAN_ADD_PARTIAL_ORDER: 'Can add partial order',
  /** The reporting dashboard (ADR 0040). */
  CAN_VIEW_REPORTS: 'Can view reports',
  /** See every issue report and change its status (a reporter sees their own). */
  CAN_MANAGE_ISSUE_REPORTS: 'Can manage issue reports',
  /** A test's sample stability window (docs/decisions/0048-sample-stability.md). */
  CAN_CHANGE_CATALOG: 'Can change catalog',
  /** Read the audit trail of who saw what (docs/decisions/0054-audit-trail.md). */
  CAN_VIEW_AUDIT_TRAIL: 'Can view audit trail',
  /** Create, list and revoke the API keys of a lab's systems (docs/decisions/0066-api-keys.md). */
  CAN_MANAGE_API_KEYS: 'Can manage API keys',
  /**
   * Subscribe a lab's systems to order events (docs/decisions/0067-webhooks.md); also an API
   * key's scope 'receive webhooks'.
   */
  CAN_MANAGE_WEBHOOKS: 'Can manage webhooks',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

// Marked pure so that a bundle that does not read them (the console's shell) drops them.
export const ALL_PERMISSIONS: readonly PermissionName[] =
  /* @__PURE__ */ Object.values(PERMISSIONS);

/** What a route may declare instead of a permission name. */
export const ROUTE_ACCESS = {
  PUBLIC: 'public',
  /** Any authenticated staff user; a rider token gets 403 (ADR 0010). */
  AUTHENTICATED: 'authenticated',
  /** The rider app: a logged-in user of type Rider (1). */
  RIDER: 'rider',
  /** Any logged-in user, staff or rider: only the session's own routes (/auth/me/). */
  SIGNED_IN: 'signed-in',
} as const;
export type RouteAccess = PermissionName | (typeof ROUTE_ACCESS)[keyof typeof ROUTE_ACCESS];

/** The demo roles. Role names are not in the spec; these are ours (docs/decisions). */
export const ROLE_PERMISSIONS = {
  admin: ALL_PERMISSIONS,
  dispatcher: /* @__PURE__ */ ALL_PERMISSIONS.filter(
    (p) =>
      p !== PERMISSIONS.CAN_MANAGE_STAFF &&
      p !== PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING &&
      p !== PERMISSIONS.CAN_DELETE_PATIENT &&
      p !== PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS &&
      p !== PERMISSIONS.CAN_CHANGE_CATALOG &&
      p !== PERMISSIONS.CAN_VIEW_AUDIT_TRAIL &&
      p !== PERMISSIONS.CAN_MANAGE_API_KEYS &&
      p !== PERMISSIONS.CAN_MANAGE_WEBHOOKS,
  ),
  // Agents read riders (who is near, who is on the order) but change nothing about them.
  agent: [
    PERMISSIONS.CAN_VIEW_RIDER,
    PERMISSIONS.CAN_VIEW_ORDER,
    PERMISSIONS.CAN_ADD_ORDER,
    PERMISSIONS.CAN_VIEW_CUSTOMER,
    PERMISSIONS.CAN_CHANGE_CUSTOMER,
    PERMISSIONS.CAN_VIEW_DASHBOARD,
    PERMISSIONS.CAN_COPY_ORDER,
  ],
} as const satisfies Record<string, readonly PermissionName[]>;

export type RoleName = keyof typeof ROLE_PERMISSIONS;

export function hasPermission(
  user: { userPermissions: readonly { name: string }[] } | null | undefined,
  name: PermissionName,
): boolean {
  return !!user?.userPermissions.some((p) => p.name === name);
}
