import { normalizeTubeLabel } from '@dastak/core/rules/tube-labels';
import type { Bundle, BundleEntry, FhirResource, Patient } from 'fhir/r4';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/domain-errors';
import {
  findOrders,
  findPatients,
  findTubes,
  type OrderRow,
  orderIdsOfTests,
  type TestRow,
  testsOf,
  tubesOf,
  userNames,
} from './fhir.repository';
import { type FhirContext, systems } from './fhir-context';
import type { ResourceType } from './fhir-resources';
import { SEARCH } from './fhir-resources';
import {
  decodeCursor,
  encodeCursor,
  type Identifier,
  parseSearch,
  type Search,
} from './fhir-search';
import { statesOfRequestStatus, statesOfTaskStatus } from './fhir-status';
import { toPatient } from './mappers/patient';
import { toServiceRequest } from './mappers/service-request';
import { toSpecimen } from './mappers/specimen';
import { toTask } from './mappers/task';

/** The FHIR read and search of each resource (ADR 0068). */

const MAX_TEST_ID = 2_147_483_647;

const groupBy = <T extends { orderId: number }>(rows: readonly T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.orderId, [...(m.get(r.orderId) ?? []), r]);
  return m;
};

/** What the order resources need beside the orders: their tests, tubes and riders' names. */
async function orderParts(db: Db, rows: readonly OrderRow[], extraRiders: readonly number[] = []) {
  const ids = rows.map((o) => o.id);
  const [tests, tubes] = await Promise.all([testsOf(db, ids), tubesOf(db, ids)]);
  const riders = [
    ...rows.flatMap((o) => (o.assignedRiderId ? [o.assignedRiderId] : [])),
    ...tubes.flatMap((t) => (t.collectedById ? [t.collectedById] : [])),
    ...extraRiders,
  ];
  return { tests: groupBy(tests), tubes: groupBy(tubes), names: await userNames(db, riders) };
}

/** The order-number values of identifiers in this server's system (or with none). */
const valuesIn = (ids: readonly Identifier[] | undefined, system: string) =>
  ids?.filter((i) => i.system === undefined || i.system === system).map((i) => i.value);

const dbId = (raw: string) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 0);

export async function readResource(
  db: Db,
  c: FhirContext,
  type: ResourceType,
  rawId: string,
): Promise<FhirResource> {
  const id = dbId(rawId);
  if (!id) throw notFound();
  let found: FhirResource | undefined;
  if (type === 'Patient') {
    const [p] = await findPatients(db, { ids: [id], limit: 1 });
    found = p && toPatient(c, p);
  } else if (type === 'Task') {
    const [o] = await findOrders(db, { ids: [id], limit: 1 });
    if (o) {
      const parts = await orderParts(db, [o]);
      found = toTask(c, o, parts.tests.get(o.id) ?? [], parts.tubes.get(o.id) ?? [], parts.names);
    }
  } else if (type === 'ServiceRequest') {
    const orderIds = await orderIdsOfTests(db, [id]);
    const [o] = await findOrders(db, { ids: orderIds, limit: 1 });
    if (o) {
      const parts = await orderParts(db, [o]);
      const test = parts.tests.get(o.id)?.find((t) => t.id === id);
      if (test) found = toServiceRequest(c, o, test, parts.tubes.get(o.id) ?? []);
    }
  } else {
    const [t] = await findTubes(db, { ids: [id], limit: 1 });
    const [o] = t ? await findOrders(db, { ids: [t.orderId], limit: 1 }) : [];
    if (t && o) {
      const parts = await orderParts(db, [o]);
      found = toSpecimen(c, o, t, parts.tests.get(o.id) ?? [], parts.names);
    }
  }
  if (!found) throw notFound();
  return found;
}

interface Page {
  matches: FhirResource[];
  /** Patients the matches name, for `_include`. */
  patientIds: number[];
  next?: string;
}

const EMPTY: Page = { matches: [], patientIds: [] };
/** Ids the parser let through that no row can have (-1): they match nothing. */
const realIds = (ids: number[] | undefined) => ids?.filter((i) => i > 0);

async function searchTasks(db: Db, c: FhirContext, s: Search): Promise<Page> {
  const states = s.statuses && statesOfTaskStatus(s.statuses);
  const numbers = valuesIn(s.identifiers, systems(c).orderNumber);
  const ids = realIds(s.ids);
  if (states?.length === 0 || numbers?.length === 0 || ids?.length === 0) return EMPTY;
  const cursor = s.cursor ? decodeCursor(s.cursor, 2) : undefined;
  const rows = await findOrders(db, {
    ids,
    numbers,
    patientIds: s.patientIds,
    states,
    from: s.from,
    to: s.to,
    after: cursor && { pickup: new Date(cursor[0] ?? 0), id: cursor[1] ?? 0 },
    limit: s.count + 1,
  });
  const page = rows.slice(0, s.count);
  const parts = await orderParts(db, page);
  const after = rows[s.count];
  return {
    matches: page.map((o) =>
      toTask(c, o, parts.tests.get(o.id) ?? [], parts.tubes.get(o.id) ?? [], parts.names),
    ),
    patientIds: page.map((o) => o.patientId),
    next: after && encodeCursor([after.pickup.getTime(), after.id]),
  };
}

/**
 * ServiceRequests are an order's tests, paged by (pickup, order id, test id): a page of orders
 * is read (two more than the page, as an order has one test or more) and cut at `_count` tests.
 */
async function searchServiceRequests(db: Db, c: FhirContext, s: Search): Promise<Page> {
  const states = s.statuses && statesOfRequestStatus(s.statuses);
  const numbers = valuesIn(s.identifiers, systems(c).orderNumber);
  const testIds = realIds(s.ids);
  if (states?.length === 0 || numbers?.length === 0 || testIds?.length === 0) return EMPTY;
  const orderIds = testIds && (await orderIdsOfTests(db, testIds));
  if (orderIds?.length === 0) return EMPTY;
  const cursor = s.cursor ? decodeCursor(s.cursor, 3) : undefined;
  const [cPickup = 0, cOrder = 0, cTest = 0] = cursor ?? [];
  const limit = s.count + 2;
  const rows = await findOrders(db, {
    ids: orderIds,
    numbers,
    patientIds: s.patientIds,
    states,
    from: s.from,
    to: s.to,
    after: cursor && { pickup: new Date(cPickup), id: cOrder },
    limit,
  });
  const parts = await orderParts(db, rows);
  const entries: { o: OrderRow; t: TestRow }[] = [];
  for (const o of rows) {
    for (const t of parts.tests.get(o.id) ?? []) {
      if (testIds && !testIds.includes(t.id)) continue;
      if (cursor && o.id === cOrder && t.id < cTest) continue; // sent on the page before
      entries.push({ o, t });
    }
  }
  const page = entries.slice(0, s.count);
  const after = entries[s.count];
  const last = rows[rows.length - 1];
  const next = after
    ? encodeCursor([after.o.pickup.getTime(), after.o.id, after.t.id])
    : rows.length === limit && last
      ? encodeCursor([last.pickup.getTime(), last.id, MAX_TEST_ID])
      : undefined;
  return {
    matches: page.map(({ o, t }) => toServiceRequest(c, o, t, parts.tubes.get(o.id) ?? [])),
    patientIds: page.map(({ o }) => o.patientId),
    next,
  };
}

async function searchSpecimens(db: Db, c: FhirContext, s: Search): Promise<Page> {
  const statuses = s.statuses;
  const available = statuses?.includes('available');
  const unavailable = statuses?.includes('unavailable');
  if (statuses && !available && !unavailable) return EMPTY;
  const labels = valuesIn(s.identifiers, systems(c).tubeLabel)?.map(normalizeTubeLabel);
  const ids = realIds(s.ids);
  if (labels?.length === 0 || ids?.length === 0) return EMPTY;
  const cursor = s.cursor ? decodeCursor(s.cursor, 2) : undefined;
  const rows = await findTubes(db, {
    ids,
    labels,
    patientIds: s.patientIds,
    missing: statuses && available !== unavailable ? !!unavailable : undefined,
    from: s.from,
    to: s.to,
    after: cursor && { collectedAt: new Date(cursor[0] ?? 0), id: cursor[1] ?? 0 },
    limit: s.count + 1,
  });
  const page = rows.slice(0, s.count);
  const orderIds = [...new Set(page.map((t) => t.orderId))];
  const orders = new Map(
    (await findOrders(db, { ids: orderIds, limit: orderIds.length || 1 })).map((o) => [o.id, o]),
  );
  const parts = await orderParts(db, [...orders.values()]);
  const after = rows[s.count];
  const matches: FhirResource[] = [];
  const patientIds: number[] = [];
  for (const t of page) {
    const o = orders.get(t.orderId);
    if (!o) continue;
    matches.push(toSpecimen(c, o, t, parts.tests.get(o.id) ?? [], parts.names));
    patientIds.push(o.patientId);
  }
  return {
    matches,
    patientIds,
    next: after && encodeCursor([after.collectedAt.getTime(), after.id]),
  };
}

async function searchPatients(db: Db, c: FhirContext, s: Search): Promise<Page> {
  const byIdentifier = valuesIn(s.identifiers, systems(c).patientId)?.map(dbId);
  const ids = [realIds(s.ids), byIdentifier?.filter((i) => i > 0)].reduce<number[] | undefined>(
    (acc, list) => (list === undefined ? acc : acc ? acc.filter((i) => list.includes(i)) : list),
    undefined,
  );
  if (ids?.length === 0) return EMPTY;
  const cursor = s.cursor ? decodeCursor(s.cursor, 1) : undefined;
  const rows = await findPatients(db, { ids, afterId: cursor?.[0], limit: s.count + 1 });
  const page = rows.slice(0, s.count);
  const after = rows[s.count];
  return {
    matches: page.map((p) => toPatient(c, p)),
    patientIds: [],
    next: after && encodeCursor([after.id]),
  };
}

const SEARCHES = {
  Patient: searchPatients,
  ServiceRequest: searchServiceRequests,
  Specimen: searchSpecimens,
  Task: searchTasks,
} satisfies Record<ResourceType, (db: Db, c: FhirContext, s: Search) => Promise<Page>>;

/** A search as a searchset Bundle: the matches, the included patients, self and next links. */
export async function searchResources(
  db: Db,
  c: FhirContext,
  type: ResourceType,
  query: string,
): Promise<Bundle> {
  const search = parseSearch(query, SEARCH[type].spec);
  const page = await SEARCHES[type](db, c, search);
  let included: Patient[] = [];
  if (search.includes.length > 0 && page.patientIds.length > 0) {
    const ids = [...new Set(page.patientIds)];
    included = (await findPatients(db, { ids, limit: ids.length })).map((p) => toPatient(c, p));
  }
  const url = (q: URLSearchParams) => {
    const text = q.toString();
    return `${c.base}/${type}${text ? `?${text}` : ''}`;
  };
  const params = new URLSearchParams(query);
  const link: Bundle['link'] = [{ relation: 'self', url: url(params) }];
  if (page.next) {
    params.set('_cursor', page.next);
    link.push({ relation: 'next', url: url(params) });
  }
  const entry = (resource: FhirResource, mode: 'match' | 'include'): BundleEntry => ({
    fullUrl: `${c.base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link,
    entry: [
      ...page.matches.map((r) => entry(r, 'match')),
      ...included.map((r) => entry(r, 'include')),
    ],
  };
}
