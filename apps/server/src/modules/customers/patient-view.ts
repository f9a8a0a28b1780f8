import type { Patient } from '@dastak/core/entities/patients';
import type { AgeUnit, Gender } from '@dastak/core/states';
import type { PatientRow } from './patients.repository';

const UNIT_WORDS: Record<AgeUnit, [string, string]> = {
  YEARS: ['Year', 'Years'],
  MONTHS: ['Month', 'Months'],
  DAYS: ['Day', 'Days'],
};

/** '32 Years', '1 Month'; '' when the age is unknown (spec §3 ageString). */
export function ageString(age: number | null, unit: AgeUnit | null): string {
  if (age === null) return '';
  const [one, many] = UNIT_WORDS[unit ?? 'YEARS'];
  return `${age} ${age === 1 ? one : many}`;
}

/** A patient row as the API answers it (core patientSchema). */
export function toPatient(row: PatientRow): Patient {
  const ageUnit = row.age === null ? null : row.ageUnit;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone || null,
    email: row.email || null,
    gender: row.gender as Gender,
    age: row.age,
    ageUnit: row.ageUnit,
    ageWithUnit: { age: row.age, ageUnit },
    ageString: ageString(row.age, ageUnit),
    cardNumber: row.cardNumber || null,
    customer: row.customerId,
    version: row.version,
  };
}
