import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import type { AgeUnit, FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, patients } from '../../db/schema/customers';
import { regions } from '../../db/schema/locations';
import { orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';

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

export function whereOf(f: OrderListFilter): SQL {
  const followUps =
    f.moreThanFollowUps === undefined
      ? undefined
      : sql`${orders.totalFollowUps} > ${sql.raw(String(Math.trunc(f.moreThanFollowUps)))}`;
  const method = f.fulfillmentMethod
    ? sql`${orders.fulfillmentMethod} = ${sql.raw(`'${f.fulfillmentMethod === 'offline' ? 'offline' : 'online'}'`)}`
    : undefined;
  return and(
    eq(orders.vertical, f.vertical),
    f.numberPattern === undefined ? undefined : sql`${orders.number} ilike ${f.numberPattern}`,
    f.numberPrefix === undefined
      ? undefined
      : sql`${orders.number} like ${`${f.numberPrefix.replace(/[\\%_]/g, '')}%`}`,
    f.regions?.length ? inArray(orders.regionId, [...f.regions]) : undefined,
    f.states?.length ? stateIn(f.states) : undefined,
    f.pickupFrom ? gte(orders.pickup, f.pickupFrom) : undefined,
    f.pickupTo ? lte(orders.pickup, f.pickupTo) : undefined,
    f.rider === undefined ? undefined : eq(orders.assignedRiderId, f.rider),
    f.createdBy === undefined ? undefined : eq(orders.createdById, f.createdBy),
    f.problemString === undefined ? undefined : eq(orders.problemStringId, f.problemString),
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
    f.addressTypes?.length ? inArray(orders.addressTypeId, [...f.addressTypes]) : undefined,
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
 * never repeat or skip rows that share a time. `alias` renders against the packed subquery.
 */
function orderBy(keys: readonly SortKey[], alias?: string, tieBreak = true): SQL {
  const col = (name: SortColumn | 'id') =>
    alias
      ? sql.raw(`${alias}.${name === 'id' ? 'id' : name}`)
      : name === 'id'
        ? sql`${orders.id}`
        : sql`${SORT_COLUMNS[name]}`;
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
function after(key: SortKey, k: Keyset): SQL {
  const column = SORT_COLUMNS[key.column];
  return key.desc
    ? sql`${column} <= ${k.value} and (${column} < ${k.value} or ${orders.id} < ${k.id})`
    : sql`${column} >= ${k.value} and (${column} > ${k.value} or ${orders.id} > ${k.id})`;
}

/**
 * The page rows as positional JSON arrays, in list order. Why JSON: one value per page decodes
 * natively on both drivers, where 30 typed columns x 21 rows go through the wire protocol's and
 * the ORM's per-field decoding (as dispatch.repository.ts found). Names come from primary-key
 * joins on the page's rows only, never from the filtered set.
 */
function packedRows(pageSql: SQL, keys: readonly SortKey[], rowOrder: SQL): SQL {
  const sortColumn = sql.raw(`o.${keys[0]?.column ?? 'created'}`);
  return sql`(select coalesce(json_agg(json_build_array(
      o.id, o.number, o.state, o.pickup, o.address, o.region_id, ${regions.name},
      o.patient_id, ${patients.firstName}, ${patients.lastName}, ${patients.phone},
      ${customers.phone}, ${patients.secondaryPhone}, ${patients.email}, ${patients.gender},
      ${patients.age}, ${patients.ageUnit}, ${patients.cardNumber}, ${patients.customerId},
      o.assigned_rider_id, ${users.firstName}, ${users.lastName}, o.needs_review,
      o.is_follow_up_addressed, o.is_fasting, o.is_medicine_and_specific_time, o.urgent_delivery,
      o.allow_manual_assignment, o.fulfillment_method, o.vertical, o.created, ${sortColumn}
    ) order by ${rowOrder}), '[]'::json)::text
    from (${pageSql}) o
    join ${patients} on ${patients.id} = o.patient_id
    join ${customers} on ${customers.id} = o.customer_id
    left join ${regions} on ${regions.id} = o.region_id
    left join ${users} on ${users.id} = o.assigned_rider_id)`;
}

const PAGE_COLUMNS = sql`${orders.id}, ${orders.number}, ${orders.state}, ${orders.pickup},
  ${orders.address}, ${orders.regionId}, ${orders.patientId}, ${orders.customerId},
  ${orders.assignedRiderId}, ${orders.needsReview}, ${orders.isFollowUpAddressed},
  ${orders.isFasting}, ${orders.isMedicineAndSpecificTime}, ${orders.urgentDelivery},
  ${orders.allowManualAssignment}, ${orders.fulfillmentMethod}, ${orders.vertical},
  ${orders.created}, ${orders.modified}`;

/**
 * The count's walk: at most COUNT_CAP + 1 matches. Its ORDER BY steers the planner to an index
 * walk (a bare LIMIT over most of the table would pick a sequential scan): along the pickup
 * window when there is one, so a day is counted from orders_list_pickup_idx alone whatever the
 * list's order, else along the list's first sort key. No id tie-break: a count needs none.
 */
function countSql(f: OrderListFilter, where: SQL, keys: readonly SortKey[], cap: number): SQL {
  const walk: SortKey[] =
    f.pickupFrom || f.pickupTo ? [{ column: 'pickup', desc: !f.pickupFrom }] : keys.slice(0, 1);
  return sql`(select count(*)::int from (select 1 from ${orders} where ${where}
    order by ${orderBy(walk, undefined, false)} limit ${cap + 1}) capped)`;
}

/**
 * The page's rows: ids first, in list order, then their columns by primary key. The id walk
 * reads only index columns where an index covers the filters and the order (a day by -created
 * sorts the day's index entries, not its heap rows); only the page's rows are fetched.
 */
export function pageSql(
  where: SQL,
  keys: readonly SortKey[],
  page: { limit: number; offset: number },
): SQL {
  return sql`select ${PAGE_COLUMNS} from (select ${orders.id} as id from ${orders} where ${where}
    order by ${orderBy(keys)} limit ${page.limit} offset ${page.offset}) k
    join ${orders} on ${orders.id} = k.id`;
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
  const where = whereOf(f);
  const rows = packedRows(pageSql(where, keys, page), keys, orderBy(keys, 'o'));
  return sql`select ${countSql(f, where, keys, countCap)} as count, ${rows} as rows`;
}

/** One CSV batch: the next `limit` rows after the keyset, no count. */
export function batchStatement(
  f: OrderListFilter,
  keys: readonly SortKey[],
  limit: number,
  from?: Keyset,
): SQL {
  const first = keys[0] as SortKey;
  const where = from ? (and(whereOf(f), after(first, from)) as SQL) : whereOf(f);
  // The batch follows the first sort key and the id only, which is what the keyset can resume.
  const rows = pageSql(where, [first], { limit, offset: 0 });
  return sql`select ${packedRows(rows, [first], orderBy([first], 'o'))} as rows`;
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
  return {
    id: r[0],
    number: r[1],
    state: r[2],
    pickup: new Date(r[3]),
    address: r[4],
    regionId: r[5],
    regionName: r[6],
    patient: {
      id: r[7],
      firstName: r[8],
      lastName: r[9],
      phone: r[10] ?? r[11],
      secondaryPhone: r[12],
      email: r[13],
      gender: r[14],
      age: r[15],
      ageUnit: r[16],
      cardNumber: r[17],
      customerId: r[18],
    },
    rider: r[19] == null ? null : { id: r[19], name: `${r[20] ?? ''} ${r[21] ?? ''}`.trim() },
    needsReview: r[22],
    isFollowUpAddressed: r[23],
    isFasting: r[24],
    isMedicineAndSpecificTime: r[25],
    urgentDelivery: r[26],
    allowManualAssignment: r[27],
    fulfillmentMethod: r[28],
    vertical: r[29],
    created: new Date(r[30]),
    sortValue: r[31],
  };
}

type Rows<T> = { rows: T[] };

export async function listOrders(
  db: DbOrTx,
  f: OrderListFilter,
  keys: readonly SortKey[],
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: OrderListRow[] }> {
  const result = (await db.execute(listStatement(f, keys, page))) as unknown as Rows<{
    count: number;
    rows: string;
  }>;
  const row = result.rows[0];
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
  const result = (await db.execute(batchStatement(f, keys, limit, from))) as unknown as Rows<{
    rows: string;
  }>;
  return (JSON.parse(result.rows[0]?.rows ?? '[]') as unknown[][]).map(unpack);
}
