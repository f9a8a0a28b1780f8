import type { Vertical } from '@dastak/core/states';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';

/** A test as the search and the catalogue edit answer it (core scanTypeSchema). */
const scanTypeColumns = {
  id: scanTypes.id,
  name: scanTypes.name,
  code: scanTypes.code,
  value: scanTypes.value,
  isCovid: scanTypes.isCovid,
  isAllowed: scanTypes.isAllowed,
  label: scanTypes.label,
  requiresFasting: scanTypes.requiresFasting,
  stabilityHours: scanTypes.stabilityHours,
};

/** Active tests of a vertical whose name or code contains the pattern, cheapest first within name order. */
export async function searchScanTypes(
  db: DbOrTx,
  f: { pattern: string; vertical?: Vertical },
  limit: number,
) {
  return db
    .select(scanTypeColumns)
    .from(scanTypes)
    .where(
      and(
        eq(scanTypes.isActive, true),
        f.vertical ? eq(scanTypes.vertical, f.vertical) : undefined,
        or(ilike(scanTypes.name, f.pattern), ilike(scanTypes.code, f.pattern)),
      ),
    )
    .orderBy(asc(scanTypes.name))
    .limit(limit);
}

/** Sets a test's stability window (null: the vertical's default); undefined for an unknown id. */
export async function updateStabilityHours(db: DbOrTx, id: number, hours: number | null) {
  const [row] = await db
    .update(scanTypes)
    .set({ stabilityHours: hours })
    .where(eq(scanTypes.id, id))
    .returning(scanTypeColumns);
  return row;
}
