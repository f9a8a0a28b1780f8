import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema/customers';
import type { Edit } from '../../lib/versioning';

/** SQL of patients; deleted patients (deletedAt set) are invisible to every read here. */

export type PatientRow = typeof patients.$inferSelect;
export type PatientValues = Omit<
  typeof patients.$inferInsert,
  'id' | 'created' | 'modified' | 'version' | 'modifiedById'
>;

const live = (id: number) => and(eq(patients.id, id), isNull(patients.deletedAt));

export async function insertPatient(db: DbOrTx, values: PatientValues) {
  const [row] = await db.insert(patients).values(values).returning();
  return row as PatientRow;
}

export async function getLivePatient(db: DbOrTx, id: number) {
  const [row] = await db.select().from(patients).where(live(id));
  return row;
}

/** Undefined when the patient is gone or no longer at the version read (ADR 0056). */
export async function updatePatient(
  db: DbOrTx,
  id: number,
  values: Partial<PatientValues>,
  edit: Edit,
) {
  const [row] = await db
    .update(patients)
    .set({
      ...values,
      modified: new Date(),
      version: sql`${patients.version} + 1`,
      modifiedById: edit.by,
    })
    .where(
      and(live(id), edit.expected === undefined ? undefined : eq(patients.version, edit.expected)),
    )
    .returning();
  return row;
}

/** Soft: orders keep pointing at the patient (orders.patient_id) and still show the name. */
export async function softDeletePatient(db: DbOrTx, id: number) {
  const [row] = await db
    .update(patients)
    .set({ deletedAt: new Date() })
    .where(live(id))
    .returning({ id: patients.id });
  return row;
}

export function listLivePatients(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([] as PatientRow[]);
  return db
    .select()
    .from(patients)
    .where(and(inArray(patients.customerId, customerIds), isNull(patients.deletedAt)))
    .orderBy(desc(patients.created), desc(patients.id));
}
