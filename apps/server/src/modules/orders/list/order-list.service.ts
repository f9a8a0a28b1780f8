import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import type { PageQuery } from '@dastak/core/entities/common';
import type { OrderListQuery, UnverifiedOrderListQuery } from '@dastak/core/entities/order-queries';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { validatePickupRange } from '@dastak/core/rules/order-filters';
import { ORDER_STATES, VERTICAL_LABELS, type Vertical } from '@dastak/core/states';
import { invalid } from '../../../lib/domain-errors';
import { limitOffset } from '../../../lib/paging';
import { containsPattern } from '../../../lib/search-pattern';
import { auditedCsv, type ExportAudit } from '../../audit/public';
import { enqueueEmail } from '../../notifications/public';
import { csvFileName, orderCsvChunks } from './order-csv';
import * as repo from './order-list.repository';

/** The orders lists (spec §2.3, §2.4): filters, ordering, a capped count (ADR 0012). */

const SORTABLE = new Set<string>(['pickup', 'created', 'modified']);
export const DEFAULT_SORT: repo.SortKey[] = [{ column: 'created', desc: true }];

/**
 * `ordering` as sort keys: 'pickup,-created' -> pickup asc, created desc. Unknown or repeated
 * fields are ignored (as the other lists do); nothing left falls back to '-created'.
 */
export function sortKeysOf(ordering: string): repo.SortKey[] {
  const keys: repo.SortKey[] = [];
  for (const raw of ordering.split(',')) {
    const text = raw.trim();
    const column = text.replace(/^-/, '');
    if (!SORTABLE.has(column) || keys.some((k) => k.column === column)) continue;
    keys.push({ column: column as repo.SortColumn, desc: text.startsWith('-') });
  }
  return keys.length ? keys : DEFAULT_SORT;
}

const toDate = (iso: string | undefined) => (iso ? (parseKarachi(iso) ?? undefined) : undefined);

/** Refuses a window whose from is after its to, with both spec messages (§5). */
function pickupWindow(q: { pickupFrom?: string; pickupTo?: string }) {
  const from = toDate(q.pickupFrom);
  const to = toDate(q.pickupTo);
  const errors = validatePickupRange(from, to);
  if (errors.pickupFrom || errors.pickupTo) {
    throw invalid(VALIDATION.PICKUP_FROM_AFTER_TO, {
      pickupFrom: [errors.pickupFrom as string],
      pickupTo: [errors.pickupTo as string],
    });
  }
  return { pickupFrom: from, pickupTo: to };
}

// Numbers are 'B-' or 'X-' then digits (order-create.service.ts): text starting so can only
// match from the first character, so a prefix search finds exactly what the substring would.
const NUMBER_START = /^[bx]-\d*$/i;

/** The number search as SQL wants it; null when it can match nothing (a backslash, spec §5). */
function numberSearch(
  search: string,
): Pick<repo.OrderListFilter, 'numberPattern' | 'numberPrefix'> | null {
  if (search === '') return {};
  if (NUMBER_START.test(search)) return { numberPrefix: search.toUpperCase() };
  const pattern = containsPattern(search);
  return pattern === null ? null : { numberPattern: pattern };
}

type FilterQuery = Omit<OrderListQuery, 'page' | 'pageSize' | 'ordering'>;

/** The request's filter set as the repository's; null when it can match nothing. */
export function filterOf(vertical: Vertical, q: FilterQuery): repo.OrderListFilter | null {
  const search = numberSearch(q.search);
  if (search === null) return null;
  return {
    vertical,
    ...search,
    regions: q.regions,
    states: q.states,
    ...pickupWindow(q),
    rider: q.rider,
    createdBy: q.createdBy,
    problemString: q.problemString,
    needsReview: q.needsReview,
    wasAutoAssigned: q.wasAutoAssigned,
    wasManualAssigned: q.wasManualAssigned,
    // Covid is a blood filter; the X-ray list ignores it as the console never sends it.
    isCovid: vertical === 'blood' ? q.isCovid : undefined,
    fulfillmentMethod: q.fulfillmentMethod,
    followUp: q.followUp,
    moreThanFollowUps: q.moreThanFollowUps,
    isFollowUpAddressed: q.isFollowUpAddressed,
    isUnverifiedByRider: q.isUnverifiedByRider,
    isFasting: q.isFasting,
    urgentDelivery: q.urgentDelivery,
    isMedicineAndSpecificTime: q.isMedicineAndSpecificTime,
    isOnline: q.isOnline,
    isWildcard: q.isWildcard,
    addressTypes: q.addressTypes,
  };
}

export interface OrderListResult {
  count: number;
  countIsCapped: boolean;
  /** More rows follow this page (the count alone cannot tell once it is capped). */
  hasMore: boolean;
  /** The page's items as JSON text, written by the database in orderListItemSchema's shape. */
  itemsJson: string;
}

const EMPTY: OrderListResult = { count: 0, countIsCapped: false, hasMore: false, itemsJson: '[]' };

async function page(
  db: Parameters<typeof repo.listOrders>[0],
  filter: repo.OrderListFilter | null,
  ordering: string,
  q: PageQuery,
): Promise<OrderListResult> {
  if (!filter) return EMPTY;
  const { limit, offset } = limitOffset(q);
  const { count, fetched, items } = await repo.listOrders(db, filter, sortKeysOf(ordering), {
    size: limit,
    offset,
  });
  const capped = count > ORDER_LIST_COUNT_CAP;
  return {
    count: capped ? ORDER_LIST_COUNT_CAP : count,
    countIsCapped: capped,
    hasMore: fetched > limit,
    itemsJson: items,
  };
}

/** GET /orders/{vertical}/ */
export function listOrders(
  db: Parameters<typeof repo.listOrders>[0],
  vertical: Vertical,
  q: OrderListQuery,
): Promise<OrderListResult> {
  return page(db, filterOf(vertical, q), q.ordering, q);
}

/**
 * GET /orders/{vertical}/unverified/: the vertical's orders in the unverified state. With the
 * dashboard's region and window it lists exactly what the Orders panel's Unverified counts.
 */
export function listUnverifiedOrders(
  db: Parameters<typeof repo.listOrders>[0],
  vertical: Vertical,
  q: UnverifiedOrderListQuery,
): Promise<OrderListResult> {
  const search = numberSearch(q.search);
  const filter: repo.OrderListFilter | null =
    search === null
      ? null
      : {
          vertical,
          states: ['unverified'],
          ...search,
          regions: q.regions,
          ...pickupWindow(q),
        };
  return page(db, filter, q.ordering, q);
}

const ORDER_STATE_NAMES = ORDER_STATES.map((s) => s.charAt(0).toLowerCase() + s.slice(1));

/**
 * GET /orders/{vertical}/states/: the state names with the first letter lowercased (§4). A fixed
 * list, worked out once.
 */
export function listOrderStateNames(): string[] {
  return ORDER_STATE_NAMES;
}

/**
 * GET /orders/{vertical}/csv/: the filter set's rows as CSV text, batch by batch. The filter set
 * is validated (pickup window) here, before the first byte goes out.
 */
export function orderListCsv(
  db: Parameters<typeof repo.listOrders>[0],
  vertical: Vertical,
  q: OrderListQuery,
  audit?: ExportAudit,
): AsyncIterable<string> {
  const chunks = orderCsvChunks(db, filterOf(vertical, q), sortKeysOf(q.ordering));
  return auditedCsv(chunks, audit);
}

/**
 * GET /orders/{vertical}/send-order-listing-email/: the CSV of the filter set goes to the asking
 * staff user through the outbox (the relay sends it; a failed send is retried there).
 */
export async function sendOrderListingEmail(
  db: Parameters<typeof repo.listOrders>[0],
  vertical: Vertical,
  q: OrderListQuery,
  user: { email: string },
  audit?: ExportAudit,
): Promise<{ detail: string }> {
  const filter = filterOf(vertical, q);
  // An attachment is whole by nature; the outbox row carries it until the relay sends it.
  let csv = '';
  let rows = 0;
  for await (const chunk of orderCsvChunks(db, filter, sortKeysOf(q.ordering))) {
    csv += chunk.text;
    rows += chunk.rows;
  }
  const now = new Date();
  await enqueueEmail(db, {
    to: user.email,
    subject: `${VERTICAL_LABELS[vertical]} orders ${karachiDateString(now)}`,
    text: `The ${VERTICAL_LABELS[vertical]} orders matching your filters (${rows} ${rows === 1 ? 'order' : 'orders'}) are attached.`,
    attachments: [{ filename: csvFileName(vertical, now), content: csv, contentType: 'text/csv' }],
  });
  await audit?.(rows);
  return { detail: SUCCESS.ORDER_LISTING_EMAIL };
}
