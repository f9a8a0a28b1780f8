import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import type { AgeUnit, FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { and, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { type ShapedStatement, StatementCache } from '../../../lib/statement-cache';
import {
  type OrderListFilter,
  SORT_COLUMNS,
  type SortColumn,
  type SortKey,
  shapeOf,
  valuesOf,
  whereOf,
} from './order-list-filter';

export type { OrderListFilter, SortColumn, SortKey } from './order-list-filter';

/**
 * SQL of the orders lists, their CSV and the unverified list (docs/decisions/0012-order-lists.md).
 * One statement answers a page: the capped count and the page's items as the API's JSON text
 * (order_list_items, migration 0015). CSV batches read positional rows (order_list_rows). The
 * filter set's WHERE is order-list-filter.ts.
 */

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

/** A list page: how many rows it shows, and how many rows before it. */
export interface ListPage {
  size: number;
  offset: number;
}

/**
 * The list statement's shape, build and values (the cache test compares it uncached). It reads
 * one id past the page: `fetched` above the page size says another page follows, which a capped
 * count cannot. The items are the API's JSON text (migration 0015), sent as they are.
 */
export function listStatementParts(
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: ListPage,
  countCap: number = ORDER_LIST_COUNT_CAP,
): ShapedStatement {
  return {
    key: `list ${sortShape(keys)} ${shapeOf(f)}`,
    build: () => {
      const where = whereOf(f);
      return sql`select ${countSql(f, where, keys)} as count, cardinality(page.ids) as fetched,
        order_list_items(page.ids, ${sql.placeholder('size')}) as items
        from (select array(${pageIdsSql(where, keys)}) as ids) page`;
    },
    values: {
      ...valuesOf(f),
      size: page.size,
      limit: page.size + 1,
      offset: page.offset,
      countLimit: countCap + 1,
    },
  };
}

/**
 * The whole list statement, one round trip: the capped count and the packed page. `countCap` is
 * the constant's; only the EXPLAIN test scales it to its smaller table.
 */
export function listStatement(
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: ListPage,
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

/** A CSV row as read back from the JSON arrays. */
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

/** A list page as the database wrote it: the capped count, ids read, the items' JSON text. */
export interface ListPageRow {
  count: number;
  fetched: number;
  items: string;
}

export async function listOrders(
  db: DbOrTx,
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: ListPage,
): Promise<ListPageRow> {
  const parts = listStatementParts(f, keys, page);
  const [row] = await queryRows<ListPageRow>(db, statements.query(parts), () =>
    statements.bind(parts),
  );
  return row ?? { count: 0, fetched: 0, items: '[]' };
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
