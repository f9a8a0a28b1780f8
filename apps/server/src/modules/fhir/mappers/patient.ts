import type { Patient } from 'fhir/r4';
import type { PatientRow } from '../fhir.repository';
import { type FhirContext, instant, systems } from '../fhir-context';

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
