import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import type { AgeUnit, FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { and, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { type ShapedStatement, StatementCache } from '../../lib/statement-cache';

/**
 * SQL of the orders lists, their CSV and the unverified list (docs/decisions/0012-order-lists.md).
 * One statement answers a page: the capped count and the rows packed as one JSON document.
 */

/** The filter set as SQL needs it; undefined means "not filtered". */
export interface OrderListFilter {
  vertical: Vertical;
  /** ILIKE pattern on the order number, already escaped (lib/search-pattern.ts). */
  numberPattern?: string;
  /** Uppercase start of the order number ('B-2611'): orders_number_prefix_idx. */
  numberPrefix?: string;
  regions?: readonly number[];
  states?: readonly OrderState[];
  pickupFrom?: Date;
  pickupTo?: Date;
  rider?: number;
  createdBy?: number;
  problemString?: number;
  needsReview?: boolean;
  wasAutoAssigned?: boolean;
  wasManualAssigned?: boolean;
  isCovid?: boolean;
  fulfillmentMethod?: FulfillmentMethod;
  followUp?: boolean;
  moreThanFollowUps?: number;
  isFollowUpAddressed?: boolean;
  isUnverifiedByRider?: boolean;
  isFasting?: boolean;
  urgentDelivery?: boolean;
  isMedicineAndSpecificTime?: boolean;
  isOnline?: boolean;
  isWildcard?: boolean;
  addressTypes?: readonly number[];
}

export type SortColumn = 'pickup' | 'created' | 'modified';
export type SortKey = { column: SortColumn; desc: boolean };

const SORT_COLUMNS = {
  pickup: orders.pickup,
  created: orders.created,
  modified: orders.modified,
} as const;

/**
 * A yes/no filter as a literal predicate, never a bound parameter: the planner matches the
 * partial indexes (`where needs_review`, `where total_follow_ups > 0`, ...) only on predicates
 * it can prove at plan time.
 */
const flag = (value: boolean | undefined, yes: SQL): SQL | undefined =>
  value === undefined ? undefined : value ? yes : sql`not (${yes})`;

// The ORDER_TYPES flag: 1 online (Regular), 2 offline (Hospital).
const ONLINE_ORDER_TYPE = sql.raw('1');

/** The filters bound as values; the others are literals of the statement text. */
const BOUND = [
  'numberPattern',
  'numberPrefix',
  'regions',
  'pickupFrom',
  'pickupTo',
  'rider',
  'createdBy',
  'problemString',
  'addressTypes',
] as const satisfies (keyof OrderListFilter)[];
type Bound = (typeof BOUND)[number];
const BOUND_SET = new Set<string>(BOUND);

const bound = (name: Bound) => sql.placeholder(name);

/**
 * The statement's shape (its text depends on nothing else): whether each bound filter is set,
 * and every other filter's value. A filter added later is a literal by default, so it can only
 * add shapes, never make two texts share one (lib/statement-cache.ts).
 */
function shapeOf(f: OrderListFilter): string {
  const shape: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(f)) {
    // An empty list filters nothing, as whereOf reads it.
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    shape[key] = BOUND_SET.has(key) ? true : value;
  }
  return JSON.stringify(shape);
}

/** The bound filters' values, as the placeholders of whereOf name them. */
function valuesOf(f: OrderListFilter): Record<string, unknown> {
  return {
    numberPattern: f.numberPattern,
    // Only the literal prefix; a LIKE wildcard typed into it matches itself, never anything.
    numberPrefix:
      f.numberPrefix === undefined ? undefined : `${f.numberPrefix.replace(/[\\%_]/g, '')}%`,
    regions: f.regions ? [...f.regions] : undefined,
    pickupFrom: f.pickupFrom?.toISOString(),
    pickupTo: f.pickupTo?.toISOString(),
    rider: f.rider,
    createdBy: f.createdBy,
    problemString: f.problemString,
    addressTypes: f.addressTypes ? [...f.addressTypes] : undefined,
  } satisfies Record<Bound, unknown>;
}

/** WHERE of the filter set, with the bound filters as placeholders (valuesOf fills them). */
function whereOf(f: OrderListFilter): SQL {
  const followUps =
    f.moreThanFollowUps === undefined
      ? undefined
      : sql`${orders.totalFollowUps} > ${sql.raw(String(Math.trunc(f.moreThanFollowUps)))}`;
  const method = f.fulfillmentMethod
    ? sql`${orders.fulfillmentMethod} = ${sql.raw(`'${f.fulfillmentMethod === 'offline' ? 'offline' : 'online'}'`)}`
    : undefined;
  const vertical = sql.raw(`'${f.vertical === 'xray' ? 'xray' : 'blood'}'`);
  return and(
    sql`${orders.vertical} = ${vertical}`,
    f.numberPattern === undefined
      ? undefined
      : sql`${orders.number} ilike ${bound('numberPattern')}`,
    f.numberPrefix === undefined ? undefined : sql`${orders.number} like ${bound('numberPrefix')}`,
    f.regions?.length ? sql`${orders.regionId} = any(${bound('regions')})` : undefined,
    f.states?.length ? stateIn(f.states) : undefined,
    f.pickupFrom ? sql`${orders.pickup} >= ${bound('pickupFrom')}` : undefined,
    f.pickupTo ? sql`${orders.pickup} <= ${bound('pickupTo')}` : undefined,
    f.rider === undefined ? undefined : sql`${orders.assignedRiderId} = ${bound('rider')}`,
    f.createdBy === undefined ? undefined : sql`${orders.createdById} = ${bound('createdBy')}`,
    f.problemString === undefined
      ? undefined
      : sql`${orders.problemStringId} = ${bound('problemString')}`,
    flag(f.needsReview, sql`${orders.needsReview}`),
    flag(f.wasAutoAssigned, sql`${orders.wasAutoAssigned}`),
    flag(f.wasManualAssigned, sql`${orders.wasManualAssigned}`),
    flag(f.isCovid, sql`${orders.isCovid}`),
    method,
    flag(f.followUp, sql`${orders.totalFollowUps} > 0`),
    followUps,
    flag(f.isFollowUpAddressed, sql`${orders.isFollowUpAddressed}`),
    flag(f.isUnverifiedByRider, sql`${orders.isUnverifiedByRider}`),
    flag(f.isFasting, sql`${orders.isFasting}`),
    flag(f.urgentDelivery, sql`${orders.urgentDelivery}`),
    flag(f.isMedicineAndSpecificTime, sql`${orders.isMedicineAndSpecificTime}`),
    flag(f.isOnline, sql`${orders.orderType} = ${ONLINE_ORDER_TYPE}`),
    f.isWildcard === undefined
      ? undefined
      : f.isWildcard
        ? sql`${orders.assignedRiderId} = any(${wildcardRiderIds})`
        : sql`(${orders.assignedRiderId} is null or ${orders.assignedRiderId} <> all(${wildcardRiderIds}))`,
    f.addressTypes?.length
      ? sql`${orders.addressTypeId} = any(${bound('addressTypes')})`
      : undefined,
  ) as SQL;
}

/**
 * The wildcard riders' ids as an array (an init plan): 'yes' then finds their orders through
 * orders_rider_pickup_idx rather than by joining every order to its rider.
 */
const wildcardRiderIds = sql`array(select ${riderProfiles.userId} from ${riderProfiles}
  where ${riderProfiles.isWildcard})`;

/** States are literals for the same reason as the flags (state is part of two indexes). */
function stateIn(states: readonly OrderState[]): SQL {
  const list = [...new Set(states)].map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
  return sql`${orders.state} in (${sql.raw(list)})`;
}

/**
 * ORDER BY of the sort keys with the id as the last key in the first key's direction, so pages
 * never repeat or skip rows that share a time.
 */
function orderBy(keys: readonly SortKey[], tieBreak = true): SQL {
  const col = (name: SortColumn | 'id') =>
    name === 'id' ? sql`${orders.id}` : sql`${SORT_COLUMNS[name]}`;
  const parts = keys.map((k) => sql`${col(k.column)} ${sql.raw(k.desc ? 'desc' : 'asc')}`);
  if (tieBreak) parts.push(sql`${col('id')} ${sql.raw(keys[0]?.desc ? 'desc' : 'asc')}`);
  return sql.join(parts, sql`, `);
}

/** Where the CSV's previous batch ended: its first sort key (database text) and the id. */
export interface Keyset {
  value: string;
  id: number;
}

/** After the keyset in (key, id) order; the `key <= v` / `key >= v` bound keeps it an index range. */
function after(key: SortKey): SQL {
  const column = SORT_COLUMNS[key.column];
  const value = sql.placeholder('afterValue');
  const id = sql.placeholder('afterId');
  return key.desc
    ? sql`${column} <= ${value} and (${column} < ${value} or ${orders.id} < ${id})`
    : sql`${column} >= ${value} and (${column} > ${value} or ${orders.id} > ${id})`;
}

/**
 * The page's rows as one JSON text of positional arrays in list order, packed from the page's
 * ids by the database function order_list_rows (migration 0006; `unpack` reads its positions).
 * Why JSON: one value per page decodes natively on both drivers, where 30 typed columns x 21
 * rows go through the wire protocol's and the ORM's per-field decoding (as dispatch.repository.ts
 * found). Why a function: its primary-key lookups of names keep one plan per session, so each
 * list statement plans only its filter walk and count (ADR 0012). `array(...)` keeps the walk's
 * order.
 */
function packedRows(idsSql: SQL, keys: readonly SortKey[]): SQL {
  const sortColumn = sql.raw(`'${keys[0]?.column ?? 'created'}'`);
  return sql`order_list_rows(array(${idsSql}), ${sortColumn})`;
}

/**
 * The count's walk: at most COUNT_CAP + 1 matches. Its ORDER BY steers the planner to an index
 * walk (a bare LIMIT over most of the table would pick a sequential scan): along the pickup
 * window when there is one, so a day is counted from orders_list_pickup_idx alone whatever the
 * list's order, else along the list's first sort key. No id tie-break: a count needs none.
 */
function countSql(f: OrderListFilter, where: SQL, keys: readonly SortKey[]): SQL {
  const walk: SortKey[] =
    f.pickupFrom || f.pickupTo ? [{ column: 'pickup', desc: !f.pickupFrom }] : keys.slice(0, 1);
  return sql`(select count(*)::int from (select 1 from ${orders} where ${where}
    order by ${orderBy(walk, false)} limit ${sql.placeholder('countLimit')}) capped)`;
}

/**
 * The page's ids in list order. The walk reads only index columns where an index covers the
 * filters and the order (a day by -created sorts the day's index entries, not its heap rows);
 * order_list_rows then reads only the page's rows.
 */
function pageIdsSql(where: SQL, keys: readonly SortKey[]): SQL {
  return sql`select ${orders.id} from ${orders} where ${where}
    order by ${orderBy(keys)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}

const sortShape = (keys: readonly SortKey[]) =>
  keys.map((k) => `${k.desc ? '-' : ''}${k.column}`).join(',');

const statements = new StatementCache();

/** The list statement's shape, build and values (the cache test compares it uncached). */
export function listStatementParts(
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: { limit: number; offset: number },
  countCap: number = ORDER_LIST_COUNT_CAP,
): ShapedStatement {
  return {
    key: `list ${sortShape(keys)} ${shapeOf(f)}`,
    build: () => {
      const where = whereOf(f);
      const rows = packedRows(pageIdsSql(where, keys), keys);
      return sql`select ${countSql(f, where, keys)} as count, ${rows} as rows`;
    },
    values: { ...valuesOf(f), ...page, countLimit: countCap + 1 },
  };
}

/**
 * The whole list statement, one round trip: the capped count and the packed page. `countCap` is
 * the constant's; only the EXPLAIN test scales it to its smaller table.
 */
export function listStatement(
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: { limit: number; offset: number },
  countCap: number = ORDER_LIST_COUNT_CAP,
): SQL {
  return statements.bind(listStatementParts(f, keys, page, countCap));
}

/** One CSV batch's shape, build and values: the next `limit` rows after the keyset. */
export function batchStatementParts(
  f: OrderListFilter,
  keys: readonly SortKey[],
  limit: number,
  from?: Keyset,
): ShapedStatement {
  // The batch follows the first sort key and the id only, which is what the keyset can resume.
  const first = [keys[0] as SortKey];
  return {
    key: `batch ${sortShape(first)} ${from ? 'after' : 'first'} ${shapeOf(f)}`,
    build: () => {
      const where = from ? (and(whereOf(f), after(first[0] as SortKey)) as SQL) : whereOf(f);
      return sql`select ${packedRows(pageIdsSql(where, first), first)} as rows`;
    },
    values: { ...valuesOf(f), limit, offset: 0, afterValue: from?.value, afterId: from?.id },
  };
}

/** One CSV batch: the next `limit` rows after the keyset, no count. */
export function batchStatement(
  f: OrderListFilter,
  keys: readonly SortKey[],
  limit: number,
  from?: Keyset,
): SQL {
  return statements.bind(batchStatementParts(f, keys, limit, from));
}

/** A list row as read back from the JSON arrays. */
export interface OrderListRow {
  id: number;
  number: string;
  state: OrderState;
  pickup: Date;
  address: string;
  regionId: number;
  regionName: string | null;
  patient: {
    id: number;
    firstName: string;
    lastName: string;
    /** The patient's own number, else the booking customer's. */
    phone: string | null;
    secondaryPhone: string | null;
    email: string | null;
    gender: number;
    age: number | null;
    ageUnit: AgeUnit | null;
    cardNumber: string | null;
    customerId: number;
  };
  rider: { id: number; name: string } | null;
  needsReview: boolean;
  isFollowUpAddressed: boolean;
  isFasting: boolean;
  isMedicineAndSpecificTime: boolean;
  urgentDelivery: boolean;
  allowManualAssignment: boolean;
  fulfillmentMethod: FulfillmentMethod;
  vertical: Vertical;
  created: Date;
  /** The first sort key as the database wrote it (microseconds kept) for the CSV keyset. */
  sortValue: string;
}

// biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
function unpack(r: any[]): OrderListRow {
  const p = r[7] ?? [];
  return {
    id: r[0],
    number: r[1],
    state: r[2],
    pickup: new Date(r[3]),
    address: r[4],
    regionId: r[5],
    regionName: r[6],
    patient: {
      id: p[0],
      firstName: p[1],
      lastName: p[2],
      phone: p[3],
      secondaryPhone: p[4],
      email: p[5],
      gender: p[6],
      age: p[7],
      ageUnit: p[8],
      cardNumber: p[9],
      customerId: p[10],
    },
    rider: r[8] == null ? null : { id: r[8], name: r[9] ?? '' },
    needsReview: r[10],
    isFollowUpAddressed: r[11],
    isFasting: r[12],
    isMedicineAndSpecificTime: r[13],
    urgentDelivery: r[14],
    allowManualAssignment: r[15],
    fulfillmentMethod: r[16],
    vertical: r[17],
    created: new Date(r[18]),
    sortValue: r[19],
  };
}

export async function listOrders(
  db: DbOrTx,
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: OrderListRow[] }> {
  const parts = listStatementParts(f, keys, page);
  const [row] = await queryRows<{ count: number; rows: string }>(db, statements.query(parts), () =>
    statements.bind(parts),
  );
  return {
    count: row?.count ?? 0,
    rows: (JSON.parse(row?.rows ?? '[]') as unknown[][]).map(unpack),
  };
}

export async function listOrderBatch(
  db: DbOrTx,
  f: OrderListFilter,
  keys: readonly SortKey[],
  limit: number,
  from?: Keyset,
): Promise<OrderListRow[]> {
  const parts = batchStatementParts(f, keys, limit, from);
  const [row] = await queryRows<{ rows: string }>(db, statements.query(parts), () =>
    statements.bind(parts),
  );
  return (JSON.parse(row?.rows ?? '[]') as unknown[][]).map(unpack);
}
