import { ORDER_STATE_LABELS } from '@dastak/core/states';
import type {
  Address,
  Patient,
  Reference,
  ServiceRequest,
  Specimen,
  Task,
  TaskInput,
  TaskOutput,
} from 'fhir/r4';
import type { OrderRow, PatientRow, TestRow, TubeRow } from './fhir.repository';
import { testConcept } from './fhir-codes';
import { type FhirContext, instant, systems } from './fhir-context';
import { requestStatusOf, taskStatusOf } from './fhir-status';

/** Dastak rows -> FHIR R4 resources (docs/decisions/0068-fhir.md has the table). */

const GENDER: Record<number, Patient['gender']> = { 1: 'male', 2: 'female', 3: 'unknown' };

export function toPatient(c: FhirContext, p: PatientRow): Patient {
  const sid = systems(c);
  const telecom: Patient['telecom'] = [];
  if (p.phone) telecom.push({ system: 'phone', value: p.phone, use: 'mobile' });
  if (p.email) telecom.push({ system: 'email', value: p.email });
  return {
    resourceType: 'Patient',
    id: String(p.id),
    meta: { lastUpdated: instant(p.modified) },
    identifier: [
      { use: 'usual', system: sid.patientId, value: String(p.id) },
      ...(p.cardNumber
        ? [
            {
              use: 'secondary' as const,
              type: {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
                    code: 'MR',
                    display: 'Medical record number',
                  },
                ],
              },
              system: sid.mrNumber,
              value: p.cardNumber,
            },
          ]
        : []),
    ],
    active: p.deletedAt === null,
    name: [
      {
        use: 'official',
        text: `${p.firstName} ${p.lastName}`.trim(),
        ...(p.lastName ? { family: p.lastName } : {}),
        given: [p.firstName],
      },
    ],
    ...(telecom.length ? { telecom } : {}),
    gender: GENDER[p.gender] ?? 'unknown',
  };
}

const patientRef = (o: OrderRow): Reference => ({ reference: `Patient/${o.patientId}` });

/** The booked visit: the slot's start and end. */
const slot = (o: OrderRow) => ({
  start: instant(o.pickup),
  end: instant(new Date(o.pickup.getTime() + o.timeSlotMinutes * 60_000)),
});

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

/** The rider as a logical reference: Dastak serves no Practitioner resource. */
const riderRef = (c: FhirContext, id: number, names: ReadonlyMap<number, string>): Reference => ({
  type: 'Practitioner',
  identifier: { system: systems(c).riderId, value: String(id) },
  ...(names.get(id) ? { display: names.get(id) } : {}),
});

/** The visit's address, with the pin as the core geolocation extension. */
function visitAddress(text: string, lat: number | null, lng: number | null): Address {
  return {
    use: 'home',
    ...(text ? { text } : {}),
    ...(lat !== null && lng !== null
      ? {
          extension: [
            {
              url: 'http://hl7.org/fhir/StructureDefinition/geolocation',
              extension: [
                { url: 'latitude', valueDecimal: lat },
                { url: 'longitude', valueDecimal: lng },
              ],
            },
          ],
        }
      : {}),
  };
}

/** The home visit: one Task per order, its status from the order state. */
export function toTask(
  c: FhirContext,
  o: OrderRow,
  tests: readonly TestRow[],
  tubes: readonly TubeRow[],
  riderNames: ReadonlyMap<number, string>,
): Task {
  const sid = systems(c);
  const requests = tests.map((t) => ({ reference: `ServiceRequest/${t.id}` }));
  const reason =
    o.state === 'cancelled' ? o.cancellationReason : o.state === 'problem' ? o.problemReason : null;
  const input: TaskInput[] = [
    {
      type: { text: 'Visit address' },
      valueAddress: visitAddress(o.address, o.latitude, o.longitude),
    },
  ];
  const output: TaskOutput[] = tubes.map((t) => ({
    type: { text: 'Specimen' },
    valueReference: { reference: `Specimen/${t.id}` },
  }));
  const started = o.reachedAt ?? undefined;
  const ended = o.collectedAt ?? o.cancelledAt ?? undefined;
  return {
    resourceType: 'Task',
    id: String(o.id),
    meta: { lastUpdated: instant(o.modified) },
    identifier: [{ system: sid.orderNumber, value: o.number }],
    ...(requests.length ? { basedOn: requests, focus: requests[0] } : {}),
    groupIdentifier: { system: sid.orderNumber, value: o.number },
    status: taskStatusOf(o.state),
    ...(reason ? { statusReason: { text: reason } } : {}),
    businessStatus: {
      coding: [{ system: sid.orderState, code: o.state, display: ORDER_STATE_LABELS[o.state] }],
      text: ORDER_STATE_LABELS[o.state],
    },
    intent: 'order',
    priority: o.urgentDelivery ? 'urgent' : 'routine',
    code: {
      coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }],
      text: o.vertical === 'blood' ? 'Home sample collection' : 'Home X-ray visit',
    },
    for: patientRef(o),
    ...(started || ended
      ? {
          executionPeriod: {
            ...(started ? { start: instant(started) } : {}),
            ...(ended ? { end: instant(ended) } : {}),
          },
        }
      : {}),
    authoredOn: instant(o.created),
    lastModified: instant(o.modified),
    ...(o.assignedRiderId ? { owner: riderRef(c, o.assignedRiderId, riderNames) } : {}),
    restriction: { period: slot(o) },
    input,
    ...(output.length ? { output } : {}),
  };
}

/** A collected tube: the container's identifier is its barcode label. */
export function toSpecimen(
  c: FhirContext,
  o: OrderRow,
  t: TubeRow,
  tests: readonly TestRow[],
  riderNames: ReadonlyMap<number, string>,
): Specimen {
  const sid = systems(c);
  const label = { system: sid.tubeLabel, value: t.label };
  // Where the rider stood when collecting, else the booked pin.
  const lat = o.riderCollectionLatitude ?? o.latitude;
  const lng = o.riderCollectionLongitude ?? o.longitude;
  return {
    resourceType: 'Specimen',
    id: String(t.id),
    identifier: [label],
    status: t.flag === 'missing' ? 'unavailable' : 'available',
    subject: patientRef(o),
    ...(t.handedOverAt ? { receivedTime: instant(t.handedOverAt) } : {}),
    ...(tests.length
      ? { request: tests.map((r) => ({ reference: `ServiceRequest/${r.id}` })) }
      : {}),
    collection: {
      extension: [
        {
          url: sid.collectionAddress,
          valueAddress: visitAddress(o.address, lat, lng),
        },
      ],
      ...(t.collectedById ? { collector: riderRef(c, t.collectedById, riderNames) } : {}),
      collectedDateTime: instant(t.collectedAt),
      ...(o.isFasting
        ? {
            fastingStatusCodeableConcept: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v2-0916',
                  code: 'F',
                  display: 'Patient was fasting prior to the procedure.',
                },
              ],
            },
          }
        : {}),
    },
    container: [{ identifier: [label] }],
    ...(t.flag === 'missing'
      ? { note: [{ text: 'Not accounted for at the handover to the collection centre' }] }
      : {}),
  };
}
