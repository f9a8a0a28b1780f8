import { TIME_ZONE } from '@dastak/core/constants';
import { REPORT_KINDS } from '@dastak/core/entities/reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import { endOfKarachiDay, startOfKarachiDay } from '@dastak/core/rules/karachi-time';
import { ORDER_STATES } from '@dastak/core/states';
import { formatInTimeZone } from 'date-fns-tz';
import type { z } from 'zod';
import type { RouteEntry } from '../plugins/auth';
import { fieldsOf, typeOf, unwrap } from '../test/route-walk';
import type { ListScopeSeed } from './list-scope.seed';

/**
 * The table of list-scope.test.ts: every GET route that returns rows or a file, and what opens
 * each row. A list route added later without an entry here fails that test.
 */

// biome-ignore lint/suspicious/noExplicitAny: API bodies of many shapes, read as JSON
export type J = any;
export type Headers = Record<string, string>;

export interface Call {
  s: ListScopeSeed;
  /** The list's own path (verticals filled). */
  path: string;
  query: Record<string, string>;
  /** GET as the caller (the same user that called the list). */
  get: (url: string) => Promise<{ status: number; body: J }>;
  callerId: number;
}
/** Undefined when the row opens; otherwise what went wrong. */
export type Opener = (row: J, c: Call) => Promise<string | undefined>;

export interface RowsEntry {
  kind: 'rows';
  /** The detail route's permission, when the list's own does not open it (a picker's riders). */
  detail?: string;
  /** Riders call the rider-app lists with their own token. */
  caller?: 'rider';
  /** Concrete paths of the route (default: :vertical as blood and as xray). */
  paths?: (s: ListScopeSeed) => string[];
  /** Required parameters: one list call per entry (a parent the rows belong to). */
  base?: (s: ListScopeSeed) => Record<string, string>[];
  /** Values of this list's filters (camelCase), over the shared pool (valuesPool). */
  values?: (s: ListScopeSeed) => Record<string, string[]>;
  /** The list whose rows a filter must stay within, when this one is capped. */
  baselinePath?: string;
  /** A default filter to lift for the "without filters" baseline. */
  baseline?: Record<string, string>;
  rows?: (body: J) => J[];
  open: Opener;
}
export type Entry =
  | RowsEntry
  | {
      kind: 'export';
      /** The attendance exports are held to their list by attendance-list.test.ts. */
      check: 'order-csv' | 'order-email' | 'attendance-csv' | 'attendance-email';
    }
  | { kind: 'lookup'; reason: string };

const ok = (what: string, status: number) => (status === 200 ? undefined : `${what} -> ${status}`);

const orderIn =
  (vertical?: string): Opener =>
  async (row, c) => {
    const id = row.order?.id ?? row.id;
    const v = vertical ?? c.path.match(/\/(blood|xray)\//)?.[1];
    const r = await c.get(`/orders/${v}/${id}/`);
    return ok(`order ${id} at /orders/${v}/`, r.status);
  };

/** Rows without their vertical: /orders/locate/ first, then the detail, as the console does. */
const locateOrder = async (id: number, c: Call) => {
  const at = await c.get(`/orders/locate/${id}/`);
  if (at.status !== 200) return ok(`locate order ${id}`, at.status);
  return ok(`order ${id}`, (await c.get(`/orders/${at.body.vertical}/${id}/`)).status);
};

const customer = async (id: number, c: Call) => c.get(`/entity/customer/${id}/`);

const rider =
  (hidden?: (d: J) => boolean): Opener =>
  async (row, c) => {
    const r = await c.get(`/entity/rider/${row.id}/`);
    if (r.status !== 200) return ok(`rider ${row.id}`, r.status);
    if (hidden?.(r.body))
      return `rider ${row.id} is listed but hidden (isActive ${r.body.isActive})`;
  };

/** The rows of every listing, and what opens each (spec §7 paths). */
export const TABLE: Record<string, Entry> = {
  '/api/v1/auth/me/': { kind: 'lookup', reason: 'the caller’s own session, not a list' },
  '/api/v1/auth/sessions/': {
    kind: 'lookup',
    reason: 'the caller’s own sessions only, by construction (ADR 0053)',
  },
  '/api/v1/users/staff/': {
    kind: 'lookup',
    reason: 'staff accounts for “Can manage staff”, who see them all; no detail route (ADR 0053)',
  },
  '/api/v1/audit-events/': {
    kind: 'lookup',
    reason: 'the whole trail for “Can view audit trail”; append-only, no detail (ADR 0054)',
  },
  '/api/v1/api-keys/': {
    kind: 'lookup',
    reason:
      'every key for “Can manage API keys”, who manage them all; secrets never listed (ADR 0066)',
  },
  '/api/v1/webhooks/': {
    kind: 'lookup',
    reason: 'every subscription for “Can manage webhooks”, who manage them all (ADR 0067)',
  },
  '/api/v1/webhooks/:id/deliveries/': {
    kind: 'lookup',
    reason: 'one subscription’s delivery log, same access as the subscription (ADR 0067)',
  },
  '/api/v1/config/embeds/': {
    kind: 'lookup',
    reason: 'two configured URLs, the same for all staff',
  },
  '/api/v1/entity/staff-np/': {
    kind: 'lookup',
    reason: 'active staff names for the created-by picker; there is no staff detail route',
  },
  '/api/v1/activity/': {
    kind: 'rows',
    base: (s) => [...s.orders.blood, ...s.orders.xray].map((o) => ({ order: String(o.id) })),
    // Activity rows are the log of the order the query names: that order must open.
    open: async (_row, c) => locateOrder(Number(c.query.order), c),
  },
  '/api/v1/orders/:vertical/unverified/': { kind: 'rows', open: orderIn() },
  '/api/v1/orders/:vertical/': { kind: 'rows', open: orderIn() },
  '/api/v1/orders/:vertical/states/': { kind: 'lookup', reason: 'the fixed state names' },
  '/api/v1/orders/:vertical/csv/': { kind: 'export', check: 'order-csv' },
  '/api/v1/orders/:vertical/send-order-listing-email/': { kind: 'export', check: 'order-email' },
  '/api/v1/orders/partial-order/': {
    kind: 'rows',
    paths: () => ['/api/v1/orders/partial-order/'],
    values: () => ({ states: ['NEW', 'CANCELLED', 'NEW,CONVERTED,CANCELLED'], search: ['Zara'] }),
    baseline: { states: 'NEW,CONVERTED,CANCELLED' },
    open: async (row, c) =>
      ok(`partial order ${row.id}`, (await c.get(`/orders/partial-order/${row.id}/`)).status),
  },
  '/api/v1/entity/hear_about_us/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/problem-strings/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/cancellation-strings/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/reassignment-strings/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/reschedule-strings/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/address-types/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/entity/order-sources/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/orders/scan-types/': { kind: 'lookup', reason: 'the test catalogue' },
  '/api/v1/feedback/physical_visit_questions/': {
    kind: 'lookup',
    reason: 'the public form’s questions (no login), the same for everyone',
  },
  '/api/v1/feedback/cro-feedback-questions/': {
    kind: 'lookup',
    reason: 'the public form’s questions (no login), the same for everyone',
  },
  '/api/v1/rider-app/problem-strings/': { kind: 'lookup', reason: 'lookup texts' },
  '/api/v1/location/cities/': { kind: 'lookup', reason: 'reference data; no detail route' },
  '/api/v1/location/regions/': { kind: 'lookup', reason: 'reference data; no detail route' },
  '/api/v1/location/hotspots/': { kind: 'lookup', reason: 'reference data; no detail route' },
  '/api/v1/location/collection-centers/': {
    kind: 'lookup',
    reason: 'reference data; no detail route',
  },
  '/api/v1/location/geocode/': {
    kind: 'lookup',
    reason: 'place suggestions (geocoder, then live known addresses); no detail route',
  },
  '/api/v1/stats/daily-order-stats/': { kind: 'lookup', reason: 'aggregates per day, no records' },
  // The reporting dashboard (ADR 0040): sums over days; the riders report names riders only.
  ...Object.fromEntries(
    REPORT_KINDS.flatMap((kind) => [
      [`/api/v1/reports/:vertical/${kind}/`, { kind: 'lookup', reason: 'report aggregates' }],
      [`/api/v1/reports/:vertical/${kind}/csv/`, { kind: 'lookup', reason: 'report aggregates' }],
    ]),
  ),
  '/api/v1/entity/customer-search/': {
    kind: 'rows',
    paths: () => ['/api/v1/entity/customer-search/'],
    base: () => [{ search: 'Khan' }, { search: '0300' }, { search: 'Deleted' }],
    // A hit's patients and addresses book the order: each must be one the customer page shows.
    open: async (row, c) => {
      const r = await customer(row.id, c);
      if (r.status !== 200) return ok(`customer ${row.id}`, r.status);
      const ids = (xs: J[]) => new Set(xs.map((x: J) => x.id));
      const patients = ids(r.body.patients);
      const addresses = ids(r.body.addresses);
      const extra = [
        ...row.patients.filter((p: J) => !patients.has(p.id)).map((p: J) => `patient ${p.id}`),
        ...row.addresses.filter((a: J) => !addresses.has(a.id)).map((a: J) => `address ${a.id}`),
      ];
      if (extra.length) return `customer ${row.id}: ${extra.join(', ')} not on the customer page`;
    },
  },
  '/api/v1/entity/customers/': {
    kind: 'rows',
    // The last order opens on the order page, which needs its own permission.
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    paths: () => ['/api/v1/entity/customers/'],
    values: () => ({ search: ['Khan', '0300', 'Ahmed'] }),
    open: async (row, c) => {
      const r = await customer(row.id, c);
      if (r.status !== 200) return ok(`customer ${row.id}`, r.status);
      if (row.lastOrder) return locateOrder(row.lastOrder.id ?? row.lastOrder, c);
    },
  },
  '/api/v1/orders/history/customer/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    base: (s) => [s.f.customerId].map((id) => ({ customer: String(id) })),
    open: async (row, c) => locateOrder(row.id, c),
  },
  '/api/v1/entity/customer-address/': {
    kind: 'rows',
    base: (s) => [{ customer: String(s.f.customerId) }],
    open: async (row, c) => {
      const r = await customer(row.customer, c);
      if (r.status !== 200) return ok(`customer ${row.customer}`, r.status);
      if (!r.body.addresses.some((a: J) => a.id === row.id)) {
        return `address ${row.id} is not on customer ${row.customer}'s page`;
      }
    },
  },
  '/api/v1/orders/:vertical/:id/links/': {
    kind: 'rows',
    paths: (s) =>
      (['blood', 'xray'] as const).flatMap((v) =>
        s.orders[v].map((o) => `/api/v1/orders/${v}/${o.id}/links/`),
      ),
    // The links of the order the path names: that order must open.
    open: async (_row, c) => {
      const [, v, id] = c.path.match(/\/orders\/(blood|xray)\/(\d+)\//) ?? [];
      return ok(`order ${id} of its links`, (await c.get(`/orders/${v}/${id}/`)).status);
    },
  },
  '/api/v1/customers/:id/surveys/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    paths: (s) => [`/api/v1/customers/${s.f.customerId}/surveys/`],
    open: async (row, c) => {
      const id = Number(c.path.match(/\/customers\/(\d+)\//)?.[1]);
      const r = await customer(id, c);
      if (r.status !== 200) return ok(`customer ${id}`, r.status);
      if (row.order) return locateOrder(row.order.id, c);
    },
  },
  '/api/v1/entity/riders/': { kind: 'rows', open: rider() },
  // The pickers and the dashboard list name active riders only (riders.service.ts).
  '/api/v1/entity/riders-np/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_RIDER,
    open: rider((d) => !d.isActive),
  },
  '/api/v1/entity/rider-search/': {
    kind: 'rows',
    // Capped at 50 hits: its unfiltered rows are riders-np's, the same query uncapped.
    baselinePath: '/api/v1/entity/riders-np/',
    detail: PERMISSIONS.CAN_VIEW_RIDER,
    open: rider((d) => !d.isActive),
  },
  '/api/v1/entity/online-riders/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_RIDER,
    open: rider((d) => !d.isActive || !d.isOnline),
  },
  '/api/v1/orders/history/rider/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    base: (s) => Object.values(s.riders).map((r) => ({ riderId: String(r.id) })),
    open: async (row, c) => locateOrder(row.id, c),
  },
  '/api/v1/rider-app/tasks/': {
    kind: 'rows',
    caller: 'rider',
    paths: () => ['/api/v1/rider-app/tasks/'],
    rows: (b) => b.results,
    // A rider's queue holds their own orders only (the rest is rider-object-access.test.ts).
    open: async (row, c) => {
      if (!row.order) return undefined;
      const r = await c.s.admin.get(`/orders/${row.order.vertical}/${row.order.id}/`);
      if (r.statusCode !== 200) return ok(`order ${row.order.id}`, r.statusCode);
      const assigned = JSON.parse(r.body).assignedRider?.id;
      if (assigned !== c.callerId) return `order ${row.order.id} is rider ${assigned}'s`;
    },
  },
  '/api/v1/algorithm/:vertical/suggested-riders/:orderId/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_RIDER,
    paths: (s) => [
      ...s.orders.blood.map((o) => `/api/v1/algorithm/blood/suggested-riders/${o.id}/`),
      ...s.orders.xray.map((o) => `/api/v1/algorithm/xray/suggested-riders/${o.id}/`),
    ],
    rows: (b) =>
      Object.values(b as Record<string, J[]>).flatMap((group) => group.map((x) => x.rider)),
    open: rider((d) => !d.isActive),
  },
  '/api/v1/algorithm/:vertical/tasks/': {
    kind: 'rows',
    base: (s) => Object.values(s.riders).map((r) => ({ riderId: String(r.id) })),
    open: async (row, c) => (row.order ? orderIn()(row.order, c) : undefined),
  },
  '/api/v1/orders/:vertical/dashboard/': {
    kind: 'rows',
    // Unfiltered, the map shows DASHBOARD_ORDER_STATES; a states filter may name any state.
    // A pickup bound alone picks the Karachi day of that bound (dashboard-window.ts), so the
    // baseline spans every day the pool's bounds fall on: in the evening now + 90 min is tomorrow.
    baseline: { states: ORDER_STATES.join(','), ...dashboardDays() },
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    open: orderIn(),
  },
  '/api/v1/orders/:vertical/late-orders/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    open: orderIn(),
  },
  '/api/v1/orders/:vertical/at-risk-orders/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    open: orderIn(),
  },
  '/api/v1/orders/:vertical/samples-in-transit/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_ORDER,
    open: orderIn(),
  },
  '/api/v1/shift/rider-shifts/': {
    kind: 'rows',
    values: (s) => ({
      region: [`${s.f.bloodRegion}`, `${s.f.xrayRegion}`],
      shift: ['1'],
      startDatetime: [karachi(new Date(Date.now() - 86_400_000))],
      endDatetime: [karachi(new Date(Date.now() + 86_400_000))],
    }),
    // A rider shift's row opens its online chart.
    open: async (row, c) =>
      ok(
        `rider shift ${row.id}`,
        (await c.get(`/shift/rider-shift-attendance/?rider_shift=${row.id}`)).status,
      ),
  },
  // The fixtures' all-day weekly schedules (test/fixtures/orders.fixtures.ts) and the riders on them.
  '/api/v1/shift/shift-schedules/': {
    kind: 'rows',
    values: (s) => ({ region: [`${s.f.bloodRegion}`, `${s.f.xrayRegion}`], weekday: ['0', '3'] }),
    open: async (row, c) =>
      ok(`shift schedule ${row.id}`, (await c.get(`/shift/shift-schedules/${row.id}/`)).status),
  },
  '/api/v1/shift/rider-shift-schedules/': {
    kind: 'rows',
    base: () => [{ shiftSchedule: '1' }, { shiftSchedule: '2' }],
    // A rider on a schedule is one the schedule's own page lists.
    open: async (row, c) => {
      const r = await c.get(`/shift/shift-schedules/${row.shiftSchedule}/`);
      if (r.status !== 200) return ok(`shift schedule ${row.shiftSchedule}`, r.status);
      if (!r.body.riders.some((x: J) => x.id === row.id)) {
        return `rider shift schedule ${row.id} is not on schedule ${row.shiftSchedule}'s page`;
      }
    },
  },
  '/api/v1/shift/shifts/': {
    kind: 'rows',
    detail: PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE,
    values: (s) => ({ region: [`${s.f.bloodRegion}`, `${s.f.xrayRegion}`] }),
    open: async (row, c) =>
      ok(`shift ${row.id}`, (await c.get(`/shift/shift-schedules/${row.id}/`)).status),
  },
  '/api/v1/shift/rider-shifts/csv/': { kind: 'export', check: 'attendance-csv' },
  '/api/v1/shift/send_attendance_listing_email/': { kind: 'export', check: 'attendance-email' },
  '/api/v1/shift/rider-shift-attendance/': {
    kind: 'lookup',
    reason: 'the 5-minute slots of one rider shift, rows of no record of their own',
  },
  // Open to every staff user (no permission to grant a list caller here): the rows are scoped
  // to the caller's own reports, or all with 'Can manage issue reports', and each row's detail
  // and image are opened per caller in modules/issue-reports/issue-reports.test.ts.
  '/api/v1/issue-reports/': {
    kind: 'lookup',
    reason: 'the caller’s own issue reports; scope tested in issue-reports.test.ts',
  },
  '/api/v1/issue-reports/:id/screenshot/': {
    kind: 'lookup',
    reason: 'one report’s image, with the report’s access (issue-reports.test.ts)',
  },
};

// A declaration, not a const: the table above calls it while the module loads.
function karachi(d: Date) {
  return formatInTimeZone(d, TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** The Karachi days from yesterday to tomorrow: the days of the pool's pickup bounds. */
function dashboardDays() {
  const day = 86_400_000;
  return {
    pickupFrom: karachi(startOfKarachiDay(new Date(Date.now() - day))),
    pickupTo: karachi(endOfKarachiDay(new Date(Date.now() + day))),
  };
}

/** Values of the filters the lists share (camelCase), over the seed. */
export function valuesPool(s: ListScopeSeed): Record<string, string[]> {
  const day = 86_400_000;
  const r = s.riders;
  return {
    search: ['B-', 'X-', s.orders.blood[0]!.number.slice(2, 6), 'Rider', '0300'],
    regions: [
      `${s.f.bloodRegion}`,
      `${s.f.xrayRegion}`,
      `${s.f.bloodRegion},${s.f.otherBloodRegion}`,
    ],
    states: ['assigned', 'needsAssignment', 'needsAssignment,assigned,scheduled'],
    pickupFrom: [karachi(new Date(Date.now() - day)), karachi(new Date(Date.now() + 90 * 60_000))],
    pickupTo: [karachi(new Date(Date.now() + day)), karachi(new Date(Date.now() + 90 * 60_000))],
    rider: [r.rider.id, r.moved.id, r.gone.id].map(String),
    createdBy: [String(s.f.staffId)],
    problemString: [String(s.f.lookups.problem)],
    moreThanFollowUps: ['0', '1'],
    addressTypes: [String(s.f.lookups.orderSource)],
  };
}

/** Rider lists' states are rider state codes, not order states. */
export const RIDER_LIST_VALUES = { states: ['0', '1,2,3'], search: ['Rider', 'No', '0300'] };

/** A list route's kind from its schemas: rows, an export, or something else. */
export function classify(r: RouteEntry): 'rows' | 'export' | 'unknown' | 'other' {
  if (String(r.access).includes('DOWNLOAD') || /csv|export|download|listing-email/i.test(r.url)) {
    return 'export';
  }
  const response = (r.schema?.response as Record<string, unknown> | undefined)?.['200'];
  if (!response || typeof response !== 'object' || !('_zod' in response)) return 'unknown';
  const schema = unwrap(response as z.ZodType);
  if (typeOf(schema) === 'array') return 'rows';
  const fields = fieldsOf(schema);
  if (fields.some(([k, v]) => k === 'results' && typeOf(v) === 'array')) return 'rows';
  if (fields.length > 0 && fields.every(([, v]) => typeOf(v) === 'array')) return 'rows';
  return 'other';
}
