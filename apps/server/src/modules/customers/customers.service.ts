import type {
  Customer,
  CustomerCreate,
  CustomerListItem,
  CustomerListQuery,
  CustomerUpdate,
} from '@dastak/core/entities/customers';
import { CUSTOMER_MESSAGES } from '@dastak/core/messages';
import { karachiDateString, toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { AgeUnit, Gender, Scope } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import { containsPattern } from '../../lib/search-pattern';
import { type Edit, versionConflict } from '../../lib/versioning';
import { orderHistoryPage } from '../orders/public';
import { findUserRef } from '../users/public';
import { withRegions } from './customer-addresses.service';
import * as repo from './customers.repository';
import { toPatient } from './patient-view';
import { insertPatient, listLivePatients } from './patients.repository';

/** How many recent orders the customer detail embeds; the full list is /orders/history/customer/. */
export const ORDER_HISTORY_EMBEDDED = 20;

const SORTABLE = new Set<repo.CustomerSortColumn>(['created', 'numberOfOrders', 'lastOrder']);
const DEFAULT_SORT: repo.CustomerSortKey[] = [{ column: 'created', desc: true }];

/** 'numberOfOrders,-created'; unknown or repeated fields are ignored, as in the order lists. */
export function customerSortKeys(ordering: string): repo.CustomerSortKey[] {
  const keys: repo.CustomerSortKey[] = [];
  for (const raw of ordering.split(',')) {
    const text = raw.trim();
    const column = text.replace(/^-/, '') as repo.CustomerSortColumn;
    if (!SORTABLE.has(column) || keys.some((k) => k.column === column)) continue;
    keys.push({ column, desc: text.startsWith('-') });
  }
  return keys.length ? keys : DEFAULT_SORT;
}

const lastOrderOf = (c: { lastOrderId: number | null; lastOrderAt: Date | null }) =>
  c.lastOrderId !== null && c.lastOrderAt !== null
    ? { id: c.lastOrderId, created: toKarachiIso(c.lastOrderAt) }
    : null;

/**
 * The customers list counts at most this many matches; past it `count` is the cap and
 * countIsCapped is true ('1000+'), as the order lists do with theirs (docs/decisions/0015:
 * measured at 100,000 customers, where counting 1,000 stays under the page).
 */
export const CUSTOMER_LIST_COUNT_CAP = 1000;

export type CustomerListResult = {
  count: number;
  countIsCapped: boolean;
  hasMore: boolean;
  results: CustomerListItem[];
};

/** GET /entity/customers/: search 'Customer Name or Phone' and regions; a backslash finds nothing. */
export async function listCustomers(
  db: Db,
  q: CustomerListQuery,
  page: repo.Page,
): Promise<CustomerListResult> {
  let pattern: string | undefined;
  if (q.search !== '') {
    const p = containsPattern(q.search);
    if (p === null) return { count: 0, countIsCapped: false, hasMore: false, results: [] };
    pattern = p;
  }
  const { rows, count } = await repo.listCustomers(
    db,
    { pattern, regionIds: q.regions },
    customerSortKeys(q.ordering),
    page,
    CUSTOMER_LIST_COUNT_CAP,
  );
  const capped = count > CUSTOMER_LIST_COUNT_CAP;
  return {
    count: capped ? CUSTOMER_LIST_COUNT_CAP : count,
    countIsCapped: capped,
    hasMore: rows.length > page.limit,
    results: rows.slice(0, page.limit).map(({ lastOrderId, lastOrderAt, ...c }) => ({
      ...c,
      email: c.email || null,
      lastOrder: lastOrderOf({ lastOrderId, lastOrderAt }),
    })),
  };
}

/** Whole years between a YYYY-MM-DD date of birth and today in Karachi. */
export function yearsSince(dob: string, today: string = karachiDateString(new Date())): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** A patient's age from a date of birth: years, or months/days for an infant. */
export function ageFromDob(dob: string, today: string = karachiDateString(new Date())) {
  const years = yearsSince(dob, today);
  if (years >= 1) return { age: years, ageUnit: 'YEARS' as AgeUnit };
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const months = (ty - y) * 12 + (tm - m) - (td < d ? 1 : 0);
  if (months >= 1) return { age: months, ageUnit: 'MONTHS' as AgeUnit };
  const days = Math.round((Date.parse(today) - Date.parse(dob)) / 86_400_000);
  return { age: Math.max(0, days), ageUnit: 'DAYS' as AgeUnit };
}

/** GET /entity/customer/{id}/?vertical: the order history follows the page's vertical. */
export async function getCustomer(db: Db, id: number, scope?: Scope): Promise<Customer> {
  const c = await repo.getCustomer(db, id);
  if (!c) throw notFound();
  const vertical = scope === 'blood' || scope === 'xray' ? scope : undefined;
  const [addresses, patients, history] = await Promise.all([
    repo.listLiveAddresses(db, [id]).then((rows) => withRegions(db, rows)),
    listLivePatients(db, [id]),
    repo.recentOrders(db, id, vertical, ORDER_HISTORY_EMBEDDED),
  ]);
  return {
    id: c.id,
    phone: c.phone,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email || null,
    age: c.dob ? yearsSince(c.dob) : null,
    gender: c.gender as Gender,
    dob: c.dob,
    secondaryPhone: c.secondaryPhone || null,
    addresses,
    patients: patients.map(toPatient),
    orderHistory: history.map((o) => ({ ...o, created: toKarachiIso(o.created) })),
    lastOrder: lastOrderOf(c),
    numberOfOrders: c.numberOfOrders,
    hasFilledHearAboutUs: c.hasFilledHearAboutUs,
    createdPatientDetail: null,
    version: c.version,
  };
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const phoneTaken = () =>
  invalid(CUSTOMER_MESSAGES.PHONE_TAKEN, { phone: [CUSTOMER_MESSAGES.PHONE_TAKEN] });

/**
 * POST /entity/customers/: the customer and, from the same details, their own patient (relation
 * 'self'), so the create-order page can book for the caller at once (createdPatientDetail).
 */
export async function createCustomer(
  db: Db,
  body: CustomerCreate,
  createdById: number | null,
): Promise<Customer> {
  if (await repo.phoneExists(db, body.phone)) throw phoneTaken();
  let created: { id: number; patient: Awaited<ReturnType<typeof insertPatient>> };
  try {
    created = await db.transaction(async (tx) => {
      const row = await repo.insertCustomer(tx, {
        phone: body.phone,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email || null,
        gender: body.gender,
        dob: body.dob,
        createdById,
      });
      const patient = await insertPatient(tx, {
        customerId: row.id,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        email: body.email || null,
        gender: body.gender,
        ...ageFromDob(body.dob),
        relation: 'self',
      });
      return { id: row.id, patient };
    });
  } catch (err) {
    // Two agents creating the same number at once: the unique index decides.
    if (isUniqueViolation(err)) throw phoneTaken();
    throw err;
  }
  const customer = await getCustomer(db, created.id);
  return { ...customer, createdPatientDetail: toPatient(created.patient) };
}

/**
 * PATCH /entity/customer/{id}/: the given fields only; the phone number cannot change. With
 * If-Match, only the version the form read is changed: otherwise 409 with the customer as it is
 * now and who changed it (ADR 0056), and nothing is written.
 */
export async function updateCustomer(db: Db, id: number, body: CustomerUpdate, edit: Edit) {
  const values = {
    ...(body.firstName !== undefined && { firstName: body.firstName }),
    ...(body.lastName !== undefined && { lastName: body.lastName }),
    ...(body.email !== undefined && { email: body.email || null }),
    ...(body.gender !== undefined && { gender: body.gender }),
    ...(body.dob !== undefined && { dob: body.dob }),
  };
  const row = await repo.updateCustomer(db, id, values, edit);
  if (!row) {
    const current = await repo.getCustomer(db, id);
    if (!current) throw notFound();
    throw versionConflict(await getCustomer(db, id), await findUserRef(db, current.modifiedById));
  }
  return getCustomer(db, id);
}

/** GET /orders/history/customer/?customer */
export async function getCustomerOrderHistory(db: Db, customerId: number, page: repo.Page) {
  if (!(await repo.customerExists(db, customerId))) throw notFound();
  const { results, count } = await orderHistoryPage(db, { customerId }, page);
  return {
    count,
    results: results.map((o) => ({
      ...o,
      pickup: toKarachiIso(o.pickup),
      created: toKarachiIso(o.created),
    })),
  };
}
