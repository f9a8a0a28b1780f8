import type { Address, Reference } from 'fhir/r4';
import type { OrderRow } from '../fhir.repository';
import { type FhirContext, instant, systems } from '../fhir-context';

/** Pieces the resource mappers share (docs/decisions/0068-fhir.md). */

export const patientRef = (o: OrderRow): Reference => ({ reference: `Patient/${o.patientId}` });

/** The booked visit: the slot's start and end. */
export const slot = (o: OrderRow) => ({
  start: instant(o.pickup),
  end: instant(new Date(o.pickup.getTime() + o.timeSlotMinutes * 60_000)),
});

/** The rider as a logical reference: Dastak serves no Practitioner resource. */
export const riderRef = (
  c: FhirContext,
  id: number,
  names: ReadonlyMap<number, string>,
): Reference => ({
  type: 'Practitioner',
  identifier: { system: systems(c).riderId, value: String(id) },
  ...(names.get(id) ? { display: names.get(id) } : {}),
});

/** The visit's address, with the pin as the core geolocation extension. */
export function visitAddress(text: string, lat: number | null, lng: number | null): Address {
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
