import type { Specimen } from 'fhir/r4';
import type { OrderRow, TestRow, TubeRow } from '../fhir.repository';
import { type FhirContext, instant, systems } from '../fhir-context';
import { patientRef, riderRef, visitAddress } from './shared';

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
