import type { PatientCreate, PatientUpdate } from '@dastak/core/entities/patients';
import { CUSTOMER_MESSAGES, SUCCESS, VALIDATION } from '@dastak/core/messages';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import { type Edit, versionConflict } from '../../lib/versioning';
import { findUserRef } from '../users/public';
import { customerExists } from './customers.repository';
import { toPatient } from './patient-view';
import * as repo from './patients.repository';

/** Ages are whole numbers in a smallint; the form may send 2.5 or 99999. */
const MAX_AGE = 150;

function valuesOf(body: PatientCreate | PatientUpdate) {
  if (body.age !== undefined && (!Number.isInteger(body.age) || body.age > MAX_AGE)) {
    throw invalid(VALIDATION.AGE_INVALID, { age: [VALIDATION.AGE_INVALID] });
  }
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email || null,
    gender: body.gender,
    age: body.age ?? null,
    ageUnit: body.ageUnit,
    secondaryPhone: body.secondaryPhone || null,
  };
}

/** POST /entity/patient/: a patient of an existing customer. */
export async function createPatient(db: Db, body: PatientCreate) {
  if (!(await customerExists(db, body.customer))) {
    throw invalid(CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN, {
      customer: [CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN],
    });
  }
  const row = await repo.insertPatient(db, { ...valuesOf(body), customerId: body.customer });
  return toPatient(row);
}

/**
 * PUT /entity/patient/{id}/: every field replaced; the patient stays with its customer. With
 * If-Match, only the version the form read: otherwise 409 with the patient as it is now and who
 * changed it (ADR 0056), and nothing is written.
 */
export async function updatePatient(db: Db, id: number, body: PatientUpdate, edit: Edit) {
  const current = await repo.getLivePatient(db, id);
  if (!current) throw notFound();
  if (current.customerId !== body.customer) {
    throw invalid(CUSTOMER_MESSAGES.PATIENT_OTHER_CUSTOMER, {
      customer: [CUSTOMER_MESSAGES.PATIENT_OTHER_CUSTOMER],
    });
  }
  const row = await repo.updatePatient(db, id, valuesOf(body), edit);
  if (!row) {
    const now = await repo.getLivePatient(db, id);
    if (!now) throw notFound();
    throw versionConflict(toPatient(now), await findUserRef(db, now.modifiedById));
  }
  return toPatient(row);
}

/**
 * DELETE /entity/patient/{id}: always soft (docs/decisions/0015). Orders, open or closed, keep
 * their patient; the patient leaves the customer's lists and can no longer be booked.
 */
export async function deletePatient(db: Db, id: number) {
  if (!(await repo.softDeletePatient(db, id))) throw notFound();
  return { detail: SUCCESS.PATIENT_DELETED };
}
