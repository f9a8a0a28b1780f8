import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import { endOfKarachiDay, startOfKarachiDay } from '@dastak/core/rules/karachi-time';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { generateDemoData } from '../../../demo/generate';
import { createTestApp } from '../../../test/test-app';
import { CSV_BATCH } from './order-csv';
import {
  batchStatement,
  listStatement,
  type OrderListFilter,
  type SortKey,
} from './order-list.repository';
import { sortKeysOf } from './order-list.service';

/**
 * Every filter the orders panel can set, alone and on the default view, is answered from an
 * index: EXPLAIN of the repository's own statements over demo orders (spread over 60 days like
 * production's, so a day's window is as selective as at a million) must show no sequential scan
 * of orders. The planner chooses freely; nothing here touches enable_seqscan.
 */

// PostgreSQL's planner prices a whole small table cheaply enough to prefer it to a trigram or a
// semi-join on rider flags at 30,000 orders, which it does not at a million; at 100,000 it
// chooses as at a million. PGlite 0.3 (PostgreSQL 17) chose alike at 30,000; PGlite 0.5
// (PostgreSQL 18) scans 30,000 orders for a number search, so both engines run 100,000 (ADR 0036).
const ORDERS = 100_000;
// What is cheap depends on the share of the table a walk reads: the count's cap and the CSV batch
// are scaled down with the table, so they read the share they would read of a million orders.
const SCALE = ORDERS / 1_000_000;
const COUNT_CAP = Math.round(ORDER_LIST_COUNT_CAP * SCALE);
const CSV_BATCH_SCALED = Math.max(21, Math.round(CSV_BATCH * SCALE));
let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;
const now = new Date();
const today = { pickupFrom: startOfKarachiDay(now), pickupTo: endOfKarachiDay(now) };
let ref: {
  regions: number[];
  rider: number;
  createdBy: number;
  problem: number;
  addressType: number;
  number: string;
};

async function one<T>(query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  // No activity rows: no list statement reads them, and they are half the load (ADR 0005).
  // The generator ends with ANALYZE.
  await generateDemoData(db, {
    orders: ORDERS,
    staffPassword: 'explain-test',
    now,
    orderHistory: false,
  });
  // Real values of the day's orders, so each filter has rows to find.
  ref = await one(sql`select
      (select array_agg(id order by id) from (select id from regions where vertical = 'blood' order by id limit 2) r) as regions,
      (select assigned_rider_id from orders where assigned_rider_id is not null and vertical = 'blood'
        group by 1 order by count(*) desc limit 1) as rider,
      (select created_by_id from orders where created_by_id is not null and vertical = 'blood'
        group by 1 order by count(*) desc limit 1) as "createdBy",
      (select problem_string_id from orders where problem_string_id is not null limit 1) as problem,
      (select address_type_id from orders where address_type_id is not null limit 1) as "addressType",
      (select number from orders where vertical = 'blood' order by id desc limit 1) as number`);
}, 600_000);
afterAll(() => t?.close());

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(statement: SQL): Promise<PlanNode> {
  const row = await one<Record<string, unknown>>(sql`explain (format json) ${statement}`);
  const value = Object.values(row)[0];
  const doc = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return doc[0]!.Plan;
}

const seqScansOfOrders = (root: PlanNode) =>
  nodes(root).filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders');

const ordersIndexes = (root: PlanNode) =>
  [
    ...new Set(
      nodes(root)
        // Bitmap index scans name only their index; every index of orders is named orders_*.
        .filter((n) => n['Index Name']?.startsWith('orders_'))
        .map((n) => n['Index Name']),
    ),
  ].join(' ');

// Filters of the panel (spec §2.3), each as the repository receives it; functions read `ref`.
const FILTERS: [string, () => Partial<OrderListFilter>][] = [
  ['nothing more', () => ({})],
  ['regions', () => ({ regions: ref.regions })],
  ['one region', () => ({ regions: ref.regions.slice(0, 1) })],
  ['states', () => ({ states: ['needsAssignment', 'problem'] })],
  ['states: unverified', () => ({ states: ['unverified'] })],
  ['rider', () => ({ rider: ref.rider })],
  ['search: number', () => ({ numberPattern: `%${ref.number.slice(-6)}%` })],
  ['search: short', () => ({ numberPattern: '%7%' })],
  ['created by', () => ({ createdBy: ref.createdBy })],
  ['problem', () => ({ problemString: ref.problem })],
  ['address types', () => ({ addressTypes: [ref.addressType] })],
  ['more than 1 follow-up', () => ({ moreThanFollowUps: 1 })],
  ['fulfillment offline', () => ({ fulfillmentMethod: 'offline' })],
  ['fulfillment online', () => ({ fulfillmentMethod: 'online' })],
  ...(
    [
      'needsReview',
      'wasAutoAssigned',
      'wasManualAssigned',
      'isCovid',
      'followUp',
      'isFollowUpAddressed',
      'isUnverifiedByRider',
      'isFasting',
      'urgentDelivery',
      'isMedicineAndSpecificTime',
      'isOnline',
      'isWildcard',
    ] as const
  ).flatMap((flag) =>
    [true, false].map(
      (value) =>
        [`${flag}=${value}`, () => ({ [flag]: value })] as [string, () => Partial<OrderListFilter>],
    ),
  ),
  [
    'everything at once',
    () => ({
      regions: ref.regions,
      states: ['assigned', 'reached'],
      needsReview: false,
      isCovid: false,
      urgentDelivery: false,
    }),
  ],
];

const VIEWS: [string, Partial<OrderListFilter>, string][] = [
  ['today by pickup', today, 'pickup'],
  ['today by -pickup', today, '-pickup'],
  ['today by -created', today, '-created'],
  ['no window by -created', {}, '-created'],
  ['no window by pickup', {}, 'pickup'],
];

const PAGE = { size: 20, offset: 0 };

describe.each(VIEWS)('%s', (_view, window, ordering) => {
  const keys: SortKey[] = sortKeysOf(ordering);
  it.each(FILTERS)('+ %s: no sequential scan of orders', async (_name, filter) => {
    const f: OrderListFilter = { vertical: 'blood', ...window, ...filter() };
    const root = await plan(listStatement(f, keys, PAGE, COUNT_CAP));
    const page2 = await plan(listStatement(f, keys, { size: 20, offset: 40 }, COUNT_CAP));
    if (process.env.EXPLAIN_VERBOSE) {
      console.log(`${_view} + ${_name}: ${ordersIndexes(root)}`, JSON.stringify(ref));
      if (seqScansOfOrders(root).length) {
        const text = (await db.execute(
          sql`explain ${listStatement(f, keys, PAGE, COUNT_CAP)}`,
        )) as unknown as { rows: Record<string, string>[] };
        console.log(text.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    }
    expect(seqScansOfOrders(root), ordersIndexes(root)).toEqual([]);
    expect(seqScansOfOrders(page2)).toEqual([]);
    expect(ordersIndexes(root)).not.toBe('');
  });
});

describe('CSV batches and the unverified list', () => {
  it('a CSV batch after a keyset reads an index', async () => {
    for (const ordering of ['pickup', '-pickup', '-created']) {
      for (const window of [today, {}]) {
        const f: OrderListFilter = { vertical: 'blood', ...window };
        const from = await one<{ value: string; id: number }>(
          sql`select to_json(pickup)#>>'{}' as value, id from orders where vertical = 'blood' order by id desc limit 1 offset 50`,
        );
        const root = await plan(batchStatement(f, sortKeysOf(ordering), CSV_BATCH_SCALED, from));
        expect(seqScansOfOrders(root), `${ordering} ${ordersIndexes(root)}`).toEqual([]);
      }
    }
  });

  it.each(['order_list_rows', 'order_list_items'])(
    "%s reads a page's orders by primary key",
    async (fn) => {
      // EXPLAIN of a statement stops at the function call, so its query is explained from the
      // text the database holds, with a page of real ids (CSV batches pass up to CSV_BATCH).
      const { body } = await one<{ body: string }>(
        sql`select prosrc as body from pg_proc where proname = ${fn}`,
      );
      const query = /RETURN \(([\s\S]*)\);\s*END/.exec(body)?.[1];
      expect(query).toBeTruthy();
      const ids = await one<{ ids: number[] }>(
        sql`select array_agg(id) as ids from (select id from orders order by pickup desc limit ${CSV_BATCH_SCALED}) o`,
      );
      const text = (query as string)
        .replace(/\bunnest\(ids(\[1:page_size\])?\)/, `unnest('{${ids.ids.join(',')}}'::integer[])`)
        .replace(/\bsort_column\b/, `'pickup'`);
      const root = await plan(sql.raw(text));
      expect(seqScansOfOrders(root)).toEqual([]);
      expect(ordersIndexes(root)).toBe('orders_pkey');
    },
  );

  it('the unverified list reads an index', async () => {
    for (const ordering of ['-created', 'pickup', '-pickup']) {
      const f: OrderListFilter = { vertical: 'blood', states: ['unverified'] };
      const root = await plan(listStatement(f, sortKeysOf(ordering), PAGE, COUNT_CAP));
      expect(seqScansOfOrders(root), ordersIndexes(root)).toEqual([]);
    }
  });
});
