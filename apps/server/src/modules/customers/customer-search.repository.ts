import { and, desc, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAddresses, customers, patients } from '../../db/schema/customers';

/** Walking this many recent customers answers a common name at once (see searchStatement). */
const RECENT_WALK = 1000;

/**
 * The fallback's order: last order, customers who never booked last. An expression rather than
 * the column, so that customers_last_order_idx cannot serve it and the planner does not walk it
 * again; the trigram indexes and a top-N sort are the point of the fallback.
 */
const RECENCY = sql.raw(`coalesce(c.last_order_at, '-infinity'::timestamptz)`);

/**
 * Customers whose phone or full name matches the ILIKE pattern, recent bookers first.
 *
 * Two plans, each bad where the other is good: walking customers_last_order_idx until `limit`
 * match is instant for a common name ('ali') and reads the whole table for a rare one; the
 * trigram indexes (customers_phone_trgm_idx, customers_full_name_trgm_idx) then a top-N sort is
 * instant for a rare text and sorts thousands of rows for a common one. The planner picks by its
 * estimates, which miss how names spread over time (a surname whose bookers are all old took
 * 10 ms walking). So: walk only the most recent RECENT_WALK customers; when that finds `limit`,
 * they are the answer, else the trigram plan runs, its branch cut at plan start otherwise.
 */
export function searchStatement(pattern: string, limit: number): SQL {
  const match = (c: string) =>
    sql`(${sql.raw(c)}.phone ilike ${pattern} or (${sql.raw(c)}.first_name || ' ' || ${sql.raw(c)}.last_name) ilike ${pattern})`;
  const columns = (c: string) =>
    sql.raw(`${c}.id, ${c}.phone, ${c}.first_name as "firstName", ${c}.last_name as "lastName",
      ${c}.email, ${c}.gender, ${c}.has_filled_hear_about_us as "hasFilledHearAboutUs",
      ${c}.last_order_at as "lastOrderAt"`);
  return sql`with walk as materialized (
      select ${columns('r')} from (select * from ${customers}
        order by ${customers.lastOrderAt} desc nulls last, ${customers.id} desc
        limit ${RECENT_WALK}) r
      where ${match('r')} limit ${limit})
    select * from (
      select * from walk where (select count(*) from walk) >= ${limit}
      union all
      (select ${columns('c')} from ${customers} c
        where ${match('c')} and (select count(*) from walk) < ${limit}
        order by ${RECENCY} desc, c.id desc limit ${limit})
    ) found order by coalesce("lastOrderAt", '-infinity'::timestamptz) desc, id desc`;
}

export type CustomerHit = {
  id: number;
  phone: string;
  firstName: string;
  lastName: string;
  email: string | null;
  gender: number;
  hasFilledHearAboutUs: boolean;
};

export async function searchCustomers(
  db: DbOrTx,
  pattern: string,
  limit: number,
): Promise<CustomerHit[]> {
  const result = (await db.execute(searchStatement(pattern, limit))) as unknown as {
    rows: (CustomerHit & { lastOrderAt: unknown })[];
  };
  return result.rows.map(({ lastOrderAt: _, ...hit }) => hit);
}

export function listPatients(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: patients.id,
      customerId: patients.customerId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      gender: patients.gender,
      age: patients.age,
      ageUnit: patients.ageUnit,
    })
    .from(patients)
    .where(and(inArray(patients.customerId, customerIds), isNull(patients.deletedAt)))
    .orderBy(desc(patients.created), desc(patients.id));
}

export function listAddresses(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: customerAddresses.id,
      customerId: customerAddresses.customerId,
      address: customerAddresses.address,
      latitude: customerAddresses.latitude,
      longitude: customerAddresses.longitude,
      verified: customerAddresses.verified,
      isValid: customerAddresses.isValid,
    })
    .from(customerAddresses)
    .where(
      and(inArray(customerAddresses.customerId, customerIds), isNull(customerAddresses.deletedAt)),
    )
    .orderBy(desc(customerAddresses.created), desc(customerAddresses.id));
}
