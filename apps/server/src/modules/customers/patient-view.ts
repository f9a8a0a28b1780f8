import type { Patient } from '@dastak/core/entities/patients';
import type { Gender } from '@dastak/core/states';
import { ageString } from '../../lib/age-string';
import type { PatientRow } from './patients.repository';

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
