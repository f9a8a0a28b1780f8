import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  customerAddresses,
  customerFullName,
  customers,
  regionCustomerAddresses,
} from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import type { Edit } from '../../lib/versioning';

/** SQL of customers: the list, one customer, create/update, and their orders. */

export type CustomerRow = typeof customers.$inferSelect;
export type Page = { limit: number; offset: number };

export type CustomerSortColumn = 'created' | 'numberOfOrders' | 'lastOrder';
export type CustomerSortKey = { column: CustomerSortColumn; desc: boolean };

const SORT_COLUMNS = {
  created: customers.created,
  numberOfOrders: customers.numberOfOrders,
  lastOrder: customers.lastOrderAt,
} as const;

export type CustomerListFilter = { pattern?: string; regionIds: number[] };

/**
 * Search uses the trigram indexes (customers_phone_trgm_idx, customers_full_name_trgm_idx: the
 * full-name expression also covers first or last name alone). The region filter is a semi-join
 * per customer on region_customer_addresses (customer_id, region_id), skipping deleted addresses.
 */
function whereOf(f: CustomerListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.pattern !== undefined) {
    conditions.push(
      or(ilike(customers.phone, f.pattern), sql`${customerFullName} ilike ${f.pattern}`),
    );
  }
  if (f.regionIds.length > 0) {
    // Links of deleted addresses stay (order detail still names their regions); the anti-join
    // reads customer_addresses_deleted_idx, which holds only deleted addresses.
    conditions.push(sql`exists (
      select 1 from ${regionCustomerAddresses}
      where ${regionCustomerAddresses.customerId} = ${customers.id}
        and ${inArray(regionCustomerAddresses.regionId, f.regionIds)}
        and not exists (
          select 1 from ${customerAddresses}
          where ${customerAddresses.id} = ${regionCustomerAddresses.customerAddressId}
            and ${customerAddresses.deletedAt} is not null))`);
  }
  return and(...conditions);
}

/** The page and count statements of the customers list (the benchmark sends them raw too). */
export function listStatements(
  db: DbOrTx,
  f: CustomerListFilter,
  sort: CustomerSortKey[],
  p: Page,
  countCap: number,
) {
  const where = whereOf(f);
  // Plain asc/desc on the not-null columns so customers_created_idx serves -created backwards;
  // the last order (nullable) puts customers without orders last either way.
  const orderBy = [
    ...sort.map((k) => {
      const column = SORT_COLUMNS[k.column];
      if (k.column !== 'lastOrder') return k.desc ? desc(column) : asc(column);
      return k.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    }),
    desc(customers.id),
  ];
  return {
    rows: db
      .select({
        id: customers.id,
        phone: customers.phone,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        numberOfOrders: customers.numberOfOrders,
        lastOrderId: customers.lastOrderId,
        lastOrderAt: customers.lastOrderAt,
      })
      .from(customers)
      .where(where)
      .orderBy(...orderBy)
      .limit(p.limit)
      .offset(p.offset),
    // Counts at most cap + 1 matches: never more work than a few pages (ADR 0012's rule).
    count: db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(customers)
        .where(where)
        .limit(countCap + 1)
        .as('matches'),
    ),
  };
}

/** One page plus one row (is there a next page?) and the capped count. */
export async function listCustomers(
  db: DbOrTx,
  f: CustomerListFilter,
  sort: CustomerSortKey[],
  p: Page,
  countCap: number,
) {
  const stmt = listStatements(db, f, sort, { limit: p.limit + 1, offset: p.offset }, countCap);
  const [rows, [total]] = await Promise.all([stmt.rows, stmt.count]);
  return { rows, count: total?.n ?? 0 };
}

export async function customerExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return !!row;
}

export async function getCustomer(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function insertCustomer(
  db: DbOrTx,
  values: Omit<typeof customers.$inferInsert, 'id'>,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row as CustomerRow;
}

/** Undefined when there is no such customer or it is no longer at the version read (ADR 0056). */
export async function updateCustomer(
  db: DbOrTx,
  id: number,
  values: Partial<typeof customers.$inferInsert>,
  edit: Edit,
) {
  const [row] = await db
    .update(customers)
    .set({
      ...values,
      modified: new Date(),
      version: sql`${customers.version} + 1`,
      modifiedById: edit.by,
    })
    .where(
      and(
        eq(customers.id, id),
        edit.expected === undefined ? undefined : eq(customers.version, edit.expected),
      ),
    )
    .returning();
  return row;
}

/** The customer's most recent orders, newest first (orders_customer_created_idx). */
export function recentOrders(
  db: DbOrTx,
  customerId: number,
  vertical: 'blood' | 'xray' | undefined,
  limit: number,
) {
  return db
    .select({ id: orders.id, number: orders.number, created: orders.created })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), vertical ? eq(orders.vertical, vertical) : undefined),
    )
    .orderBy(desc(orders.created), desc(orders.id))
    .limit(limit);
}

/** Live addresses of customers, newest first. */
export function listLiveAddresses(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(customerAddresses)
    .where(
      and(inArray(customerAddresses.customerId, customerIds), isNull(customerAddresses.deletedAt)),
    )
    .orderBy(desc(customerAddresses.created), desc(customerAddresses.id));
}

export async function phoneExists(db: DbOrTx, phone: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, phone));
  return !!row;
}
