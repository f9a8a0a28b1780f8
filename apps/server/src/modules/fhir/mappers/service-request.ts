import type { ServiceRequest } from 'fhir/r4';
import type { OrderRow, TestRow, TubeRow } from '../fhir.repository';
import { testConcept } from '../fhir-codes';
import { type FhirContext, instant, systems } from '../fhir-context';
import { requestStatusOf } from '../fhir-status';
import { patientRef, slot } from './shared';

const CATEGORY = {
  blood: { system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' },
  xray: { system: 'http://snomed.info/sct', code: '363679005', display: 'Imaging' },
} as const;

/** One ServiceRequest per test of the order; the order number is the requisition. */
export function toServiceRequest(
  c: FhirContext,
  o: OrderRow,
  test: TestRow,
  tubes: readonly TubeRow[],
): ServiceRequest {
  const sid = systems(c);
  const requisition = { system: sid.orderNumber, value: o.number };
  return {
    resourceType: 'ServiceRequest',
    id: String(test.id),
    meta: { lastUpdated: instant(o.modified) },
    identifier: [requisition],
    requisition,
    status: requestStatusOf(o.state),
    intent: 'order',
    category: [{ coding: [CATEGORY[o.vertical]] }],
    priority: o.urgentDelivery ? 'urgent' : 'routine',
    code: testConcept(sid.testCode, test),
    ...(test.count > 1 ? { quantityQuantity: { value: test.count } } : {}),
    subject: patientRef(o),
    occurrencePeriod: slot(o),
    authoredOn: instant(o.created),
    ...(tubes.length ? { specimen: tubes.map((t) => ({ reference: `Specimen/${t.id}` })) } : {}),
    ...(o.isFasting ? { patientInstruction: 'Fasting sample' } : {}),
  };
}
