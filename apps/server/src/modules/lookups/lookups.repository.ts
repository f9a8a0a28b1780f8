import type { LookupKind, Vertical } from '@dastak/core/states';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lookups } from '../../db/schema/lookups';

/** Active items of one reference list; for a vertical, its own items plus the common ones. */
export async function listLookups(db: DbOrTx, kind: LookupKind, vertical?: Vertical) {
  return db
    .select({ id: lookups.id, text: lookups.text })
    .from(lookups)
    .where(
      and(
        eq(lookups.kind, kind),
        eq(lookups.isActive, true),
        vertical ? inArray(lookups.scope, ['common', vertical]) : undefined,
      ),
    )
    .orderBy(asc(lookups.sortOrder), asc(lookups.id));
}
